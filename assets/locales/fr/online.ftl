# Le jeu en ligne : la connexion au serveur, le salon, les parties en ligne.

online-game-not-shown = La partie en ligne n'a pas pu être affichée : { $error }.
online-draw-offered = { $name } propose la nulle.
online-grace = Le temps de { $name } s'est écoulé pendant sa déconnexion : sa pendule a reçu du temps, une fois.
online-refused = Le serveur a refusé : { $message }.
online-garbage = Le serveur a envoyé quelque chose que ce jeu ne sait pas lire ; ce message a été ignoré.
online-registered = Inscrit sous le nom { $name } : connectez-vous avec votre nom et votre mot de passe sur n'importe quel appareil.
online-signed-out = Déconnecté : vous êtes un nouvel invité sur cet appareil.
online-signed-in = Connecté sous le nom { $name }.
online-not-signed-in = Connexion impossible : { $message }.
online-login-ended = Votre session en ligne avait pris fin : vous êtes maintenant un nouvel invité.
online-name-refused = Le nom « { $name } » ne peut pas être utilisé : { $message }. Le serveur en a choisi un.
