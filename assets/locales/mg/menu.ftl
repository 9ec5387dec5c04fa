# Ny pejy voalohany, ny pejy lalao vaovao ary ny fikirakirana.

menu-subtitle = Ny lalao an-takelaka malagasy
menu-continue = Tohizo
menu-new-game = Lalao vaovao
menu-play-online = Hilalao an-tserasera
menu-tournaments = Fifaninanana
menu-correspondence-waiting = { $count ->
    [one] Lalao iray miandry ny anjaranao
   *[other] Lalao { $count } miandry ny anjaranao
}
menu-learn = Hianatra hilalao
menu-tutorial = Lesona
menu-analysis = Lakapanorona fandalinana
menu-puzzles = Ankamantatra
menu-settings = Fikirakirana
menu-back = ‹ Hiverina
menu-rating-line = Ny laharanao { $rating } · { $games ->
    [0] mbola tsy voazaha
   *[other] lalao { $games }
}

menu-board = Lakapanorona
menu-riatra = Riatra
menu-tsivy = Tsivy 9×5
menu-tsivy-about = Ny lalao mahazatra, vato 22 avy
menu-dimy = Dimy 5×5
menu-dimy-about = Lalao fohy kokoa, vato 12 avy
menu-telo = Telo 3×3
menu-telo-about = Apetraho ny vato telo, avy eo afindrao: ataovy milahatra
menu-vela = Vela
menu-vela-about = Ny nandresy tamin'ny lalao teo aloha dia manao paika ihany (tsy mihinana) mandra-pahatongany amin'ny vato 5
menu-vela-side = mpampihinam-bela:
menu-players = Mpilalao
menu-against-computer = Hilalao amin'ny solosaina
menu-two-people = Olona roa amin'ity fitaovana ity
menu-computer-itself = Hijery ny solosaina milalao irery
menu-level = Ambaratonga:
menu-you-play = Ianao no:
menu-white-first = Fotsy (voalohany)
menu-random-side = Kisendrasendra
menu-side-level = { $side ->
    [white] Fotsy:
   *[black] Mainty:
}
menu-start = Atombohy

menu-your-rating = Ny laharanao
menu-rating-untested = { $rating }, mbola tsy voazaha: milalaova tsivy amin'ny solosaina tsy misy fanafoanana na torohevitra mba hahazoana laharana.
menu-rating = { $rating } taorian'ny lalao voaisa { $games }
menu-rating-last = { $rating } taorian'ny lalao voaisa { $games } · ny lalao farany: { $result ->
    [won] nandresy
    [drew] sahala
   *[lost] resy
} tamin'ny solosaina ({ $level ->
    [beginner] Vao manomboka
    [casual] Tsotra
    [classic] Mahazatra
    [strong] Matanjaka
   *[master] Manam-pahaizana
})

settings-language = Fiteny:
settings-animation = Hafainganan'ny fihetsiketsehana:
settings-animation-about = Maty: mitsambikina avy hatrany any amin'ny toerany ny vato; voamarika eo amin'ny lakapanorona ny anjara farany
settings-animation-off = maty
settings-sound = Feo
settings-colour-blind = Loko mety amin'ny tsy mahavaky loko
settings-high-contrast = Mazava be (efijery sy marika)
settings-screen-reader = Mpamaky efijery
settings-screen-reader-about = Betsaka kokoa no lazaina isaky ny anjara, ary mitsambikina any amin'ny toerany ny vato fa tsy mikisaka.
settings-text-size = Haben'ny soratra:
settings-text-size-about = Ny haben'ny menio sy ny tontonana (mifanaraka amin'ny varavarankely ny lakapanorona)
settings-ponder = Misaina mandritra ny anjaranao ny solosaina (Matanjaka sy Manam-pahaizana)
settings-ponder-about = Raha mbola misaina ianao, dia efa mandinika ny toerana aorian'ny valiny andrasany izy: raha izay no lalaovinao, dia haingana kokoa ny valiny ary lavitra kokoa no hitany
settings-threads = Fototry ny processeur ampiasain'ny solosaina:
settings-threads-about = Firy ny fototra ikarohan'ny Manam-pahaizana; ny mandeha ho azy dia mamela iray ho an'ny lalao
settings-threads-auto = mandeha ho azy ({ $count })
