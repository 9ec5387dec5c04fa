# Ny lesona: ny lesona efatra (ny torolalana isaky ny dingana, izay lazaina aorian'ny fihetsika tsy izy sy rehefa
# vita ny dingana) ary ny tontonana eo anilan'ny lakapanorona. Mitovy amin'ny fiteny rehetra ny anaran'ny laka (c3),
# ny fihetsika (c1-c2A) ary ny litera A sy W. (Jereo ny fanamarihana ao amin'ny common.ftl sy docs/GLOSSARY.md.)

## Ny lesona.

lesson-board-title = Ny lakapanorona
lesson-board-points = Eo amin'ny laka ifanenan'ny tsipika no ilalaovana fanorona, ary mandeha dingana iray manaraka tsipika ny vato, mankany amin'ny laka manaraka raha foana izy: jereo ny lakapanorona, dia tsindrio ny Manaraka.
lesson-board-strong = Laka matanjaka ny laka c3 voamarika, satria tsipika valo no mifanena eo: afindrao dingana iray manaraka ny iray amin'ireo tsipika ireo ny vato fotsy.
lesson-board-strong-done = Tsara: avy amin'ny laka matanjaka, afaka mandeha amin'ny lalana valo ny vato.
lesson-board-weak = Laka malemy ny b3, satria tsipika efatra ihany no mifanena eo (tsy misy tsipika mitongilana): afindrao avy any b3 mankany amin'ny laka matanjaka eo akaikiny ny vato.
lesson-board-weak-wrong = Laka malemy koa izany: ny laka matanjaka dia ireo ifanapahan'ny tsipika mitongilana, toa ny a3 sy ny c3.
lesson-board-weak-done = Marina: mifandimby eo amin'ny tsipika rehetra ny laka matanjaka sy ny laka malemy.

lesson-telo-title = Ny fanoron-telo
lesson-telo-intro = Amin'ny lakapanorona 3×3 no ilalaovana ny fanoron-telo: samy mametraka vato telo ny mpilalao tsirairay, avy eo mamindra azy dingana iray isaky ny anjara, ary izay mahatonga vato telo milahatra no mandresy; tsindrio ny Manaraka.
lesson-telo-place = Apetraho ny vatonao fahatelo mba hisy vato fotsy telo milahatra amin'ny tsipika iray.
lesson-telo-place-wrong = Mbola tsy misy milahatra: tadiavo ny laka foana izay mameno tsipika mandalo amin'ny vatonao roa.
lesson-telo-place-done = Telo milahatra: mandresy ianao!
lesson-telo-move = Efa voapetraka daholo ny vato enina, ka mamindra vato ianao izao: afindrao dingana iray manaraka tsipika ny vato iray mba hisy telo milahatra.
lesson-telo-move-wrong = Tsy mahatonga telo milahatra izany: vato iza no afaka miditra eo amin'ny andalana ambany miaraka amin'ireo roa ireo?
lesson-telo-move-done = Telo milahatra tamin'ny famindrana: mandresy ianao!
lesson-telo-game = Ankehitriny, milalaova lalao iray manontolo amin'ny solosaina mora resena: ianao no fotsy ary ianao no mametraka voalohany; ny Torohevitra dia mampiseho fihetsika tsara.

lesson-capture-title = Ny fihinanana
lesson-capture-approach = Manindrona (fihinanana amin'ny fanatonana): afindrao miakatra any c2 ny vato ao c1, eo akaikin'ny vato mainty, mba hihinana azy sy ny vato eo ambadiny avy hatrany amin'io tsipika io ihany.
lesson-capture-approach-wrong = Afindrao any c2 ny vato ao c1.
lesson-capture-approach-done = Manindrona: nohanina ny vato roa teo amin'ilay tsipika.
lesson-capture-withdrawal = Misintona (fihinanana amin'ny fialana): afindrao mahitsy miala amin'ny vato mainty eo anilany ny vato ao c2, midina any c1, dia nohanina ny vato mainty eo amin'io tsipika io.
lesson-capture-withdrawal-wrong = Afindrao midina any c1 ny vato ao c2.
lesson-capture-withdrawal-done = Misintona: mihinana koa ny miala.
lesson-capture-choice = Mihinana amin'ny fomba roa ny famindrana ny c3 any c4 (manatona ny c5 na miala amin'ny c2), ka ianao no misafidy: ataovy ny fihinanana lehibe kokoa.
lesson-capture-choice-wrong = Vato iray no nohaninao; raha niala tamin'ny c2 ianao dia roa no azonao: rehefa afaka misafidy ianao, isao aloha.
lesson-capture-choice-done = Vato roa: ny fihinanana lehibe kokoa no nofidinao.
lesson-capture-chain = Rehefa avy nihinana, afaka mihinana indray ilay vato ihany: izany no fihinanana misesy. Mihinàna amin'ny a1 ary tohizo raha mbola misy azo hanina.
lesson-capture-chain-wrong = Mbola afaka nitohy ny fihinanana misesy: tohizo ny mihinana amin'io vato io ihany raha mbola misy azo hanina.
lesson-capture-chain-done = Fihinanana telo tamin'ny anjara iray!
lesson-capture-chain-rules = Mandritra ny fihinanana misesy, tsy afaka miverina amin'ny laka efa nalehany ny vato, ary tsy afaka mandeha indroa misesy amin'ny lalana iray; ny dingana azo atao ihany no atolotry ny lakapanorona; tsindrio ny Manaraka.
lesson-capture-stop = Afaka mamarana fihinanana misesy ianao amin'izay tianao: mihinàna amin'ny a1, dia tsindrio avy hatrany ny Hijanona eto (na Space).
lesson-capture-stop-wrong = Amin'ity indray mitoraka ity, mijanòna avy hatrany aorian'ny fihinanana voalohany, amin'ny Hijanona eto na ny kitendry Space.
lesson-capture-stop-done = Nijanona ianao: indraindray, ny fanohizana dia mitondra any amin'ny loza.
lesson-capture-compulsory = Rehefa misy azo hanina dia tsy maintsy mihinana ianao, ary ny vato misy faribolana ihany no afaka mihetsika: ataovy ny fihinanana.
lesson-capture-compulsory-wrong = Mihinàna amin'ny vato misy faribolana.
lesson-capture-compulsory-done = Ny fihinanana no voalohany: rehefa tsy misy azo hanina vao afaka mandeha fotsiny ny vato.
lesson-capture-paika = Rehefa tsy misy fihinanana azo atao na aiza na aiza eo amin'ny lakapanorona, afaka manao dingana tsotra ny vato rehetra, ilay antsoina hoe paika: manaova iray.
lesson-capture-paika-done = Paika: dingana milamina tsy mihinana na inona na inona.
lesson-capture-ending = Mandresy ianao rehefa lany nohaninao ny vaton'ny mpanohitra, na rehefa tsy manana fihetsika azo atao intsony izy; sahala kosa ny lalao raha anjara 50 misesy tsy nisy fihinanana, na raha intelo ny toerana iray ihany; tsindrio ny Manaraka.

lesson-tsivy-title = Ny lalao feno
lesson-tsivy-intro = Ny fanoron-tsivy, ilay lalao feno, dia misy vato 22 isaky ny andaniny eo amin'ny lakapanorona 9×5, ary ny laka afovoany e3 ihany no foana amin'ny fiandohana; tsindrio ny Manaraka.
lesson-tsivy-opening = Ny fotsy no manomboka, ary tsy maintsy fihinanana ny fihetsika voalohany: ataovy ny iray amin'ireo fihinanana dimy azo atao amin'ny fanokafana.
lesson-tsivy-opening-done = Izany no fanombohan'ny lalao fanorona rehetra.
lesson-tsivy-game = Hamaranana, milalaova fanoron-dimy iray manontolo amin'ny lakapanorona 5×5 amin'ny solosaina mora resena; eo ny Torohevitra raha ilainao.

lesson-game-won = Nandresy tamin'ny lalao ianao!
lesson-game-lost = Ny solosaina no nandresy tamin'ity indray mitoraka ity. Andramo indray, na tohizo amin'ny Manaraka.
lesson-game-drawn = Sahala. Andramo indray mba handresy, na tohizo amin'ny Manaraka.

lesson-note-chain = Amin'ny fihinanana misesy, ilay vato mihinana ihany no manohy: mihinàna indray amin'io, na tsindrio ny Hijanona eto.
lesson-note-must-capture = Tsy afaka mihinana io vato io, nefa misy azo hanina, ka tsy maintsy mihinana amin'ny vato misy faribolana ianao.
lesson-note-blocked = Tsy misy laka foana eo akaikiny manaraka tsipika io vato io.

## Ny tontonan'ny lesona. Ny litera ao anaty fonony dia ny kitendry, mitovy amin'ny fiteny rehetra.

tutorial-heading = Hianatra hilalao
tutorial-lesson = Lesona { $number }: { $title }
tutorial-lesson-choice = { $done ->
    [yes] { $number }. { $title } (vita)
   *[no] { $number }. { $title }
}
tutorial-step = Dingana { $step } amin'ny { $steps }
tutorial-finished = Vitanao daholo ny lesona rehetra: mahay milalao fanorona ianao!
tutorial-play-tsivy = Hilalao tsivy amin'ny solosaina (Vao manomboka)
tutorial-wrong = Mbola tsy izy. { $why }
tutorial-thinking = Mieritreritra ny solosaina…
tutorial-stop-here = Hijanona eto (Space)
tutorial-next = Manaraka (N)
tutorial-try-again = Andramo indray (T)
tutorial-hint = Torohevitra (H)
tutorial-give-up = Mandao ny lalao
tutorial-restart-lesson = Atombohy indray ny lesona
tutorial-leave = Hiala amin'ny lesona
