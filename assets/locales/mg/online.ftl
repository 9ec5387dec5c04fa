# Lalao an-tserasera: ny fifandraisana amin'ny mpizara, ny efitrano fihaonana, ny lalao an-tserasera.

online-game-not-shown = Tsy naseho ny lalao an-tserasera: { $error }.
online-draw-offered = Manolotra sahala i { $name }.
online-grace = Lany ny fotoan'i { $name } raha tapaka ny fifandraisany: nomena fotoana indray mandeha ny famantaranandrony.
online-refused = Nandà ny mpizara: { $message }.
online-garbage = Nandefa zavatra tsy vakian'ity lalao ity ny mpizara; tsy noraharahiana izany.
online-registered = Voasoratra amin'ny anarana { $name } ianao: midira amin'ny anaranao sy ny tenimiafinao amin'izay fitaovana tianao.
online-signed-out = Nivoaka ianao: vahiny vaovao ianao amin'ity fitaovana ity.
online-signed-in = Niditra amin'ny anarana { $name }.
online-not-signed-in = Tsy tafiditra: { $message }.
online-login-ended = Tapitra ny fidiranao an-tserasera: vahiny vaovao ianao izao.
online-name-refused = Tsy azo ampiasaina ny anarana « { $name } »: { $message }. Ny mpizara no nifidy anarana.
