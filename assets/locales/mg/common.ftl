# Teny ampiasaina amin'ny faritra maro amin'ny lalao.
#
# NOTE FOR REVIEWERS: this Malagasy translation was written by the developers, not by a native speaker. The game's
# own words follow docs/GLOSSARY.md, where every term we are unsure of is marked; a native speaker's review of all of
# assets/locales/mg/ is welcome.

language-unknown = Tsy fantatry ny lalao ny fiteny « { $code } » ao amin'ny fikirakiranao: teny anglisy no ampiasaina.

file-unreadable = { $what ->
    [settings] Tsy voavaky ny fikirakiranao: { $error }
    [profile] Tsy voavaky ny laharanao sy ny fandrosoanao amin'ny lesona: { $error }
    [correspondence] Tsy voavaky ny lalaonao andro isaky ny anjara voatahiry amin'ity fitaovana ity: { $error }
   *[game] Tsy voavaky ny lalao voatahiry iray: { $error }
}
file-kept-aside = { $what ->
    [settings] Tsy voavaky ny fikirakiranao ({ $problem }). Notahirizina ho { $aside } izy ireo.
    [profile] Tsy voavaky ny laharanao sy ny fandrosoanao amin'ny lesona ({ $problem }). Notahirizina ho { $aside } izy ireo.
    [correspondence] Tsy voavaky ny lalaonao andro isaky ny anjara voatahiry amin'ity fitaovana ity ({ $problem }). Notahirizina ho { $aside } izy ireo.
   *[game] Tsy voavaky ny lalao voatahiry iray ({ $problem }). Notahirizina ho { $aside } izy.
}
file-not-text = { $what ->
    [settings] Tsy voavaky ny fikirakiranao (tsy soratra ilay rakitra). Notahirizina ho { $aside } izy ireo.
    [profile] Tsy voavaky ny laharanao sy ny fandrosoanao amin'ny lesona (tsy soratra ilay rakitra). Notahirizina ho { $aside } izy ireo.
    [correspondence] Tsy voavaky ny lalaonao andro isaky ny anjara voatahiry amin'ity fitaovana ity (tsy soratra ilay rakitra). Notahirizina ho { $aside } izy ireo.
   *[game] Tsy voavaky ny lalao voatahiry iray (tsy soratra ilay rakitra). Notahirizina ho { $aside } izy.
}
file-not-saved = { $what ->
    [settings] Tsy voatahiry ny fikirakiranao: { $error }
    [profile] Tsy voatahiry ny laharanao sy ny fandrosoanao amin'ny lesona: { $error }
    [correspondence] Tsy voatahiry amin'ity fitaovana ity ny lalaonao andro isaky ny anjara: { $error }
    [data] Tsy voatahiry ny tahirin-kevitra: { $error }
   *[game] Tsy voatahiry ny lalao: { $error }
}
file-not-downloaded = { $what ->
    [data] Tsy voatahiry ny tahirin-kevitra: { $error }
   *[game] Tsy voasintona ny lalao: { $error }
}
file-no-folder = { $what ->
    [data] Tsy voatahiry ny tahirin-kevitra: tsy misy lahatahiry hitahirizana azy.
   *[game] Tsy voatahiry ny lalao: tsy misy lahatahiry hitahirizana lalao.
}
file-folder-full = { $what ->
    [data] Tsy voatahiry ny tahirin-kevitra: efa be loatra ny rakitra toy izany ao amin'ny { $folder }.
   *[game] Tsy voatahiry ny lalao: efa be loatra ny rakitra lalao ao amin'ny { $folder }.
}

copied-position = Voadika: { $position }
copied-game = Voadika ho soratra ny lalao ({ $turns ->
    [one] anjara iray
   *[other] anjara { $turns }
}).
copied-link = Voadika: { $link }

level-name = { $level ->
    [beginner] Vao manomboka
    [casual] Tsotra
    [classic] Mahazatra
    [strong] Matanjaka
   *[master] Manam-pahaizana
}
level-about = { $level ->
    [beginner] Mahita ny fihinanana, nefa matetika diso
    [casual] Mijery anjara roa mialoha
    [classic] Ilay solosaina mahazatra: mijery fihetsika efatra mialoha, ny isan'ny vato aloha vao ny fahafahana mihetsika
    [strong] Fikarohana alpha-beta feno, anjara efatra lalina
   *[master] Ny motera feno; tsy diso mihitsy amin'ny fanoron-telo
}
side-name = { $side ->
    [white] Fotsy
   *[black] Mainty
}

how-to-play = Fitsipiky ny lalao

# The opening's name alone: the sources give no Malagasy word for "opening", and the name is the players' own.
opening-line = { $name }
# The names players give White's first turns of tsivy, the same in every language. $opening: vaky-loha, fohy or
# kobana.
opening-name = { $opening ->
    [vaky-loha] Vaky loha
    [fohy] Fohy
   *[kobana] Kobana
}
