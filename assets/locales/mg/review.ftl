# Ny fandinihana lalao sy ny lakapanorona fandalinana.

review-heading = Fandinihana ny lalao
review-progress = Mandinika ny toerana { $done } amin'ny { $total } ny motera
review-first = Ny fiandohana
review-previous = Anjara teo aloha
review-next = Anjara manaraka
review-last = Ny farany
review-try-again = Andramo indray manomboka eto
review-try-again-about = Tohizo amin'ny solosaina manomboka amin'ny toerana talohan'ity anjara ity
review-try-again-later = Rehefa vita ny lalao: manolo azy ny fanohizana
review-close = Hiverina amin'ny lalao (Esc)
review-class = { $class ->
    [best] Tsara indrindra
    [good] Tsara
    [inaccuracy] Tsy dia marina
    [mistake] Hadisoana
   *[blunder] Hadisoana lehibe
}
review-accuracy = { $side ->
    [white] Fotsy
   *[black] Mainty
}: fahamarinana { $accuracy }% · tsy dia marina { $inaccuracies }, hadisoana { $mistakes }, hadisoana lehibe { $blunders }
review-engine-depth = Motera manam-pahaizana, halalina { $depth }
review-start = Ny fiandohan'ny lalao.
review-turn-class = { $class ->
    [best] Tsara indrindra
    [good] Tsara
    [inaccuracy] Tsy dia marina
    [mistake] Hadisoana
   *[blunder] Hadisoana lehibe
}{ $symbol } — very { $lost }%
review-better = Tsara kokoa: { $turn } ({ $score })
review-say-line = Ny tohiny tsara kokoa, anjara { $step } amin'ny { $steps }: { $turn }.
review-show-line = Asehoy (Ambany)
review-line-step = Lalao: { $step } amin'ny { $steps } (Ambany)
review-line-end = Faran'ny tohiny
review-line-back = Hiverina

analysis-not-a-position = Tsy toerana izany: { $error }
analysis-not-playable = Tsy azo lalaovina io toerana io: { $error }.
analysis-to-move = { $side ->
    [white] Ny fotsy no manao
   *[black] Ny mainty no manao
}
analysis-done = Vita (E)
analysis-set-up = Hamorona toerana (E)
analysis-close = Hidio (Esc)
analysis-copy = Adikao ny toerana (C)
analysis-score = { $score } ho an'ny fotsy
analysis-depth-thinking = Motera manam-pahaizana, halalina { $depth } (mikaroka lalina kokoa…)
analysis-game-over = Tsy misy anjara azo atao: tapitra eto ny lalao.
analysis-back = < Hiverina
analysis-forward = Handroso >
analysis-start = fiandohana
analysis-how = Lalao eo amin'ny lakapanorona ny fihetsiky ny andaniny roa; raha miverina ianao ka manao fihetsika hafa dia manomboka lalana hafa.
analysis-set-up-how = Tsindrio ny laka iray: foana, avy eo fotsy, avy eo mainty, avy eo foana indray.
analysis-switch = Ovay
analysis-empty = foana
analysis-paste = Na apetaho ny soratry ny toerana iray:
analysis-set = Apetraho
