# Ny pejy momba ny fitsipiky ny lalao: ny fitsipika nosoratana ho an'ny mpilalao, misy sary kely sy ny fanazavany ny
# sasany. Mitovy amin'ny fiteny rehetra ny anaran'ny laka (c3), ny fihetsika (c1-c2A) ary ny litera A (manindrona)
# sy W (misintona). (Jereo ny fanamarihana ao amin'ny common.ftl sy docs/GLOSSARY.md.)

rules-title = Fitsipiky ny lalao
rules-intro = Ny fanorona no lalao an-takelaka nasionalin'i Madagasikara: mpilalao roa, ny fotsy sy ny mainty, no mifampihinana vato, na manindrona (manatona azy) na misintona (miala aminy).

rules-board-heading = Ny lakapanorona
rules-board-lattice = Eo amin'ny laka ifanenan'ny tsipika no ilalaovana fanorona. Mipetraka eo amin'ny laka ny vato ary mandeha manaraka ny tsipika.
rules-board-points = Laka matanjaka (lehibe kokoa amin'ny sary) ny laka ifanapahan'ny tsipika mitongilana: tsipika valo no mifanena eo. Malemy ny laka hafa: tsipika efatra ihany, mitsivalana sy mitsangana.
rules-board-caption = Ny fanoron-dimy, 5×5

rules-setup-heading = Ny fandaminana ny vato
rules-setup-text = Samy manana vato 22 ny andaniny roa eo amin'ny lakapanorona 9×5 amin'ny fanoron-tsivy. Feno vato ny lakapanorona afa-tsy ny laka afovoany; eo amin'ny andalana afovoany dia mifandimby ny vato. Ny fotsy no manomboka.
rules-setup-caption = Ny fiandohan'ny fanoron-tsivy

rules-moving-heading = Ny famindrana
rules-moving-text = Isaky ny anjara dia afindrao dingana iray manaraka tsipika ny iray amin'ny vatonao, mankany amin'ny laka manaraka izay tsy maintsy foana. Ny dingana tsy mihinana na inona na inona dia atao hoe paika.

rules-approach-heading = Manindrona: fihinanana amin'ny fanatonana
rules-approach-text = Manatòna vaton'ny mpanohitra ka mijanòna eo akaikiny indrindra, eo amin'ny tsipika iray ihany: nohanina izy, ary nohanina koa ny vaton'ny mpanohitra rehetra misesy eo ambadiny amin'io tsipika io, hatramin'ny laka foana voalohany na ny vatonao.
rules-approach-caption = c1-c2A mihinana ny c3 sy ny c4

rules-withdrawal-heading = Misintona: fihinanana amin'ny fialana
rules-withdrawal-text = Mialà mahitsy amin'ny vaton'ny mpanohitra eo akaikinao: nohanina izy, miaraka amin'ny vaton'ny mpanohitra misesy eo ambadiny. Raha dingana iray ihany no afaka mihinana amin'ny fomba roa, ianao no misafidy izay tsipika hohanina.
rules-withdrawal-caption = c2-c1W mihinana ny c3 sy ny c4

rules-chains-heading = Fihinanana misesy
rules-chains-text = Aorian'ny fihinanana iray, afaka mihinana indray ilay vato ihany, dia indray koa: izany no fihinanana misesy. Tsy afaka miverina amin'ny laka efa nalehany nandritra ny anjara izy, ary tsy afaka mandeha indroa misesy amin'ny lalana iray. Afaka mamarana fihinanana misesy ianao amin'izay tianao (Hijanona eto).
rules-chains-caption = a1-b1A-b2A-c2A: fihinanana telo amin'ny anjara iray

rules-compulsory-heading = Tsy maintsy mihinana
rules-compulsory-text = Raha misy vatonao afaka mihinana, tsy maintsy mihinana ianao (amin'izay vato afaka mihinana, ary amin'ny fomba tianao). Rehefa tsy misy fihinanana azo atao vao afaka manao paika ianao. Asehon'ny lakapanorona amin'ny faribolana ny vato afaka mihetsika.

rules-winning-heading = Fandresena sy sahala
rules-winning-text = Mandresy ianao rehefa lany vato ny mpanohitra, na tsy manana fihetsika azo atao intsony. Sahala ny lalao aorian'ny anjara 50 misesy tsy nisy fihinanana, na rehefa miverina fanintelony ny toerana iray ihany.

rules-notation-heading = Ny fanoratana ny fihetsika
rules-notation-text = Litera no anaran'ny tsanganana, manomboka amin'ny a eo ankavia, ary isa no an'ny andalana, manomboka amin'ny 1 eo amin'ny lafin'ny fotsy. Ny paika dia soratana hoe e2-e3; ny fihinanana dia ampiana A (manindrona, « approach » amin'ny teny anglisy) na W (misintona, « withdrawal »): f2-e3A. Ny fihinanana misesy dia mitohy avy amin'ny laka farany: e3-d3A-c4W. Amin'ny telo, ny laka fotsiny no soratana ho fametrahana: b2.

rules-variants-heading = Ireo karazany sy ny vela
rules-variants-dimy = Ny fanoron-tsivy (9×5) no lalao feno; ny fanoron-dimy (5×5, vato 12 avy) dia lalao fohy kokoa misy fitsipika mitovy.
rules-variants-telo = Ny fanoron-telo (3×3) no ianaran'ny ankizy: samy mametraka vato telo ny mpilalao tsirairay, avy eo mamindra azy dingana iray isaky ny anjara; izay mahatonga vato telo milahatra no mandresy. Tsy misy fihinanana.
rules-variants-vela = Ny vela no fomba nentim-paharazana hanomezana tombony ny resy: aorian'ny riatra (ny lalao mahazatra), ny nandresy no mpampihinam-bela ary ny resy no mpihinam-bela. Tsy manao afa-tsy paika (tsy mihinana) ny mpampihinam-bela mandra-pahavery vato 17 izy. Tsy misy laharana mihitsy ny lalao vela.

rules-keyboard-heading = Fitendry
rules-tutorial = Ny lesona ao amin'ny menio voalohany dia mampianatra izany rehetra izany eo amin'ny lakapanorona, tsikelikely.
