# Ny lalao eo amin'ny takelaka: fitahirizana sy fanokafana lalao, ary ny antony tsy ahafahan'ny vato mankany amin'ny
# teboka iray. (Jereo ny fanamarihana ao amin'ny common.ftl sy docs/GLOSSARY.md.)

game-saved = Voatahiry ny lalao.
game-none-saved = Mbola tsy misy lalao voatahiry.
game-not-opened = Tsy voasokatra ity lalao ity: { $error }
game-not-autosaved = Tsy voatahiry ho azy ny lalao: { $error }
game-saved-as = Voatahiry ho { $file } ny lalao.
game-downloaded = Voasintona ho { $file } ny lalao.
game-not-downloaded = Tsy voasintona ny lalao: { $error }
game-no-file-picker = Tsy nisokatra ny fifidianana rakitra: { $error }
game-no-file-picker-desktop = Tsy misy fifidianana rakitra eto: soraty ny lalan'ny rakitra.

drop-not-a-line = Tsy afaka mankany { $to } ny { $from }: { $to } tsy teboka manaraka eo amin'ny tsipika avy amin'ny { $from }.
drop-not-now = Tsy afaka mankany { $to } ny { $from }: tsy azo atao izany dingana izany izao.
drop-game-over = Tsy afaka mankany { $to } ny { $from }: tapitra ny lalao.
drop-must-place = Tsy afaka mankany { $to } ny { $from }: mbola manana vato hapetraka { $side ->
    [white] ny fotsy
   *[black] ny mainty
}.
drop-no-piece = Tsy afaka mankany { $to } ny { $from }: tsy misy vato ao amin'ny { $from }.
drop-not-yours = Tsy afaka mankany { $to } ny { $from }: { $owner ->
    [white] an'ny fotsy
   *[black] an'ny mainty
} ny vato ao amin'ny { $from }.
drop-occupied = Tsy afaka mankany { $to } ny { $from }: misy vato ao amin'ny { $to }.
drop-capture-required = Tsy afaka mankany { $to } ny { $from }: tsy mihinana na inona na inona io fihetsika io, nefa tsy maintsy mihinana raha azo atao.
drop-vela = Tsy afaka mankany { $to } ny { $from }: { $side ->
    [white] ny fotsy
   *[black] ny mainty
} no milalao vela ka tsy mihinana raha tsy tonga amin'ny vato 5 na latsaka.
drop-revisit = Tsy afaka mankany { $to } ny { $from }: efa nijanona teo amin'ny { $point } ny vato tamin'ity anjara ity.
drop-same-direction = Tsy afaka mankany { $to } ny { $from }: tsy azo mandeha indroa misesy amin'ny lalana iray ny fihinanana misesy.
drop-other-piece = Tsy afaka mankany { $to } ny { $from }: ny vato ao amin'ny { $point } no manohy ny fihinanana.
drop-paika-in-chain = Tsy afaka mankany { $to } ny { $from }: fihinanana ihany no manohy ny fihinanana misesy.
