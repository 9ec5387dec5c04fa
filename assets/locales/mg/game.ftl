# Ny lalao eo amin'ny lakapanorona: fitahirizana sy fanokafana lalao, ary ny antony tsy ahafahan'ny vato mankany amin'ny
# laka iray. (Jereo ny fanamarihana ao amin'ny common.ftl sy docs/GLOSSARY.md.)

game-saved = Voatahiry ny lalao.
game-none-saved = Mbola tsy misy lalao voatahiry.
game-not-opened = Tsy voasokatra ity lalao ity: { $error }
game-not-autosaved = Tsy voatahiry ho azy ny lalao: { $error }
game-saved-as = Voatahiry ho { $file } ny lalao.
game-downloaded = Voasintona ho { $file } ny lalao.
game-no-file-picker = Tsy nisokatra ny fifidianana rakitra: { $error }
game-no-file-picker-desktop = Tsy misy fifidianana rakitra eto: soraty ny lalan'ny rakitra.

drop-not-a-line = Tsy afaka mankany { $to } ny { $from }: { $to } tsy laka manaraka eo amin'ny tsipika avy amin'ny { $from }.
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
} no mpampihinam-bela ka tsy mihinana raha tsy tonga amin'ny vato 5 na latsaka.
drop-revisit = Tsy afaka mankany { $to } ny { $from }: efa nijanona teo amin'ny { $point } ny vato tamin'ity anjara ity.
drop-same-direction = Tsy afaka mankany { $to } ny { $from }: tsy azo mandeha indroa misesy amin'ny lalana iray ny fihinanana misesy.
drop-other-piece = Tsy afaka mankany { $to } ny { $from }: ny vato ao amin'ny { $point } no manohy ny fihinanana.
drop-paika-in-chain = Tsy afaka mankany { $to } ny { $from }: fihinanana ihany no manohy ny fihinanana misesy.

# Ny tontonana eo anilan'ny lakapanorona.
game-title = { $vela ->
    [white] Fanoron-{ $variant } — vela: ny fotsy no mpampihinam-bela
    [black] Fanoron-{ $variant } — vela: ny mainty no mpampihinam-bela
   *[none] Fanoron-{ $variant }
}
game-player = { $kind ->
    [human] Mpilalao
    [online] Mpilalao an-tserasera
   *[computer] Solosaina ({ $level ->
        [beginner] Vao manomboka
        [casual] Tsotra
        [classic] Mahazatra
        [strong] Matanjaka
       *[master] Manam-pahaizana
    })
}
game-rated = Misy laharana · ny laharanao { $rating }
game-to-move = { $side ->
    [white] Anjaran'ny fotsy
   *[black] Anjaran'ny mainty
}
game-thinking = Mieritreritra ny solosaina…
game-capture-again = Mihinàna indray amin'io vato io ihany, na mijanòna.
game-must-capture = Misy azo hanina, ka tsy maintsy mihinana ianao.
game-place = Apetraho amin'ny laka foana ny vato iray.
game-quiet-turns = { $count ->
    [one] Anjara iray tsy nisy fihinanana
   *[other] Anjara { $count } tsy nisy fihinanana
}
game-stop-here = Hijanona eto
game-unrated-warning = Raha ampiasaina ity dia tsy misy laharana intsony ny lalao
game-undo = Averina
game-redo = Ataovy indray
game-hint = Torohevitra
game-flip = Avadiho ny lakapanorona
game-resign = Mandao ny lalao
game-new-game = Lalao vaovao
game-save = Tahirizo
game-load = Sokafy ny voatahiry
game-sound-on = Feo: mandeha
game-sound-off = Feo: maty
game-save-about = Tahirizo ao amin'ny toerana fitahirizana ny lalao (Ctrl+S)
game-load-about = Sokafy ny lalao ao amin'ny toerana fitahirizana (Ctrl+O)
game-copy-game = Adikao ny lalao
game-copy-game-about = Ny lalao ho soratra, hozaraina na hosokafana any an-kafa (Shift+C)
game-copy-position = Adikao ny toerana
game-copy-position-about = Ny soratry ny toerana (C)
game-open = Hanokatra lalao…
game-open-about = Apetaho ny soratry ny lalao na sokafy ny rakitra lalao iray (I)
game-download = Sintomy ny lalao
game-download-about = Ny lalao ho rakitra soratra, hotehirizina na hozaraina (Shift+S)
game-save-file = Tahirizo ho rakitra
game-save-file-about = Ny lalao ho rakitra soratra vaovao ao amin'ny lahatahiry Fanorona ao amin'ny antontan-taratasinao (Shift+S)
game-review = Fandinihana
game-review-about = Dinihin'ny motera ny lalao: ny fotoana nanova azy, sy ny anjara tsara kokoa (V)
game-analyse = Fandalinana
# The menu of the game's rarer actions (files, sharing, sound, resigning), beside the bar of icons.
game-more = Hafa koa
game-analyse-about = Ity toerana ity eo amin'ny lakapanorona fandalinana (B)
game-keyboard = Fitendry

game-moves = Fihetsika
game-no-turns = Mbola tsy nisy anjara nolalaovina.
game-look-after-turn = Jereo ny toerana taorian'ity anjara ity
game-took = { $side ->
    [white] Nihinana { $count } ny fotsy
   *[black] Nihinana { $count } ny mainty
}

game-outcome-all-captured = { $winner ->
    [white] Mandresy ny fotsy: lany nohanina ny vaton'ny mainty
   *[black] Mandresy ny mainty: lany nohanina ny vaton'ny fotsy
}
game-outcome-no-legal-turn = { $winner ->
    [white] Mandresy ny fotsy: tsy manana fihetsika azo atao ny mainty
   *[black] Mandresy ny mainty: tsy manana fihetsika azo atao ny fotsy
}
game-outcome-telo-line = { $winner ->
    [white] Mandresy ny fotsy: vato telo mifanesy amin'ny tsipika iray
   *[black] Mandresy ny mainty: vato telo mifanesy amin'ny tsipika iray
}
game-outcome-resignation = { $winner ->
    [white] Mandresy ny fotsy: nandao ny lalao ny mainty
   *[black] Mandresy ny mainty: nandao ny lalao ny fotsy
}
game-outcome-fifty-turns = Sahala: anjara 50 misesy tsy nisy fihinanana
game-outcome-repetition = Sahala: io toerana io ihany fanintelony
game-rating-change = Ny laharanao: { $before } lasa { $after } ({ $change })

game-are-you-sure = Azonao antoka ve?
game-cancel-esc = Foano (Esc)
game-cancel = Foano
game-confirm-resign = Handao ity lalao ity? Hoheverina ho resy ianao.
game-confirm-new-game = Hanomboka lalao vaovao? Ho very ny lalao tsy vitanao.
game-confirm-save = Hitahiry ity lalao ity? Hosoloina ny lalao ao amin'ny toerana fitahirizana.
game-confirm-load = Hanokatra ny lalao voatahiry? Hosoloina ny lalao eo amin'ny lakapanorona.
game-confirm-open = Hanokatra ity lalao ity? Hosoloina ny lalao eo amin'ny lakapanorona.
# nilalaovanao as in online-data-hint, hanohy as manohy in drop-other-piece, ampidinina as in light-downloading, iray
# hafa as in stored-too-many-aside.
game-confirm-hand-over = Hanohy ny lalao nilalaovanao raha mbola ampidinina ny lalao feno? Ho very ny lalao iray hafa tsy vitanao.
game-do-resign = Handao ny lalao
game-do-new-game = Hanomboka lalao vaovao
game-do-save = Soloy ny lalao voatahiry
game-do-load = Sokafy ny lalao voatahiry
game-do-open = Sokafy ny lalao
game-do-hand-over = Tohizo io lalao io
game-choice-title = Tsipika inona no hohanina?
game-choice-about = Misy fomba roa ihinanana amin'ity fihetsika ity. Safidio ny iray (na tsindrio eo amin'ny lakapanorona ny vato iray amin'ilay tsipika):
game-choice-approach = Manindrona: mihinana { $count } (A)
game-choice-withdrawal = Misintona: mihinana { $count } (W)
game-over = Vita ny lalao
game-result = { $count ->
    [one] Valiny { $score } taorian'ny anjara iray.
   *[other] Valiny { $score } taorian'ny anjara { $count }.
}
game-vela-offer = { $winner ->
    [white] Vela: amin'ny lalao famerenana, ny fotsy no mpampihinam-bela ary ny mainty no mpihinam-bela: tsy afaka mihinana ny fotsy raha tsy efa very vato 17 (tsy misy laharana).
   *[black] Vela: amin'ny lalao famerenana, ny mainty no mpampihinam-bela ary ny fotsy no mpihinam-bela: tsy afaka mihinana ny mainty raha tsy efa very vato 17 (tsy misy laharana).
}
game-vela-play = { $winner ->
    [white] Milalao vela (ny fotsy no mpampihinam-bela)
   *[black] Milalao vela (ny mainty no mpampihinam-bela)
}
game-rematch = Lalao famaliana
game-look-at-board = Jereo ny lakapanorona
game-review-game = Dinihina ny lalao: ny fotoana nanova azy, sy ny anjara tsara kokoa
game-open-title = Hanokatra lalao
game-open-paste = Apetaho eto ny lalao: soratry ny lalao (araka ny omen'ny « Adikao ny lalao ») na firaketana RON voatahiry.
game-open-button = Sokafy
game-open-a-file = Hanokatra rakitra…
game-open-path = Na ny lalan'ny rakitra lalao:
game-open-file = Sokafy ny rakitra

game-keys-either = { $first } na { $second }
game-key-stop = Hijanona eto (mamarana fihinanana misesy)
game-key-choose = Misafidy manindrona / misintona
game-key-cancel = Foano ny voafidy, na lavao ny fanontaniana
game-key-undo = Averina
game-key-redo = Ataovy indray
game-key-hint = Torohevitra
game-key-flip = Avadiho ny lakapanorona
game-key-save-load = Tahirizo / sokafy ny lalao (manontany aloha vao manolo zavatra)
game-key-copy-position = Adikao ny soratry ny toerana
game-key-copy-game = Adikao ho soratra ny lalao
game-key-open = Hanokatra lalao avy amin'ny sorany na rakitra
game-key-save-file = Tahirizo ho rakitra vaovao ny lalao (sintomina raha amin'ny tranonkala)
game-key-open-file = Hanokatra rakitra lalao (amin'ny tranonkala: misafidy iray)
game-key-sound = Alefa / vonoy ny feo
game-key-resign = Mandao ny lalao
game-key-menu = Miverina amin'ny menio (tehirizina ny lalao); amin'ny lesona: Manaraka
game-key-try-again = Lesona: andramo indray
game-key-review = Dinihina ny lalao
game-key-analysis = Lakapanorona fandalinana (any: Left / Right hitsidihana ny fihetsika, E handrafetana toerana)
game-key-review-turns = Fandinihana: anjara teo aloha / manaraka, fiandohana / fiafarana
game-key-review-line = Fandinihana: asehoy ny anjara tsara kokoa ary mandrosoa / miverena amin'ny tohiny
game-key-how-to-play = Fitsipiky ny lalao
game-key-full-screen = Efijery feno: alefa / ajanony
game-key-puzzle-next = Ankamantatra: ankamantatra manaraka
game-key-puzzle-try-again = Ankamantatra: andramo indray
game-key-puzzle-solution = Ankamantatra: asehoy ny vahaolana
game-key-close = Fandinihana, lakapanorona fandalinana: hidio
game-key-analysis-moves = Lakapanorona fandalinana: hiverina / handroso amin'ny fihetsika
game-key-analysis-edit = Lakapanorona fandalinana: hamorona toerana
game-key-name = { $key ->
    [space] Space
    [enter] Enter
    [escape] Esc
    [left] Left
    [right] Right
    [up] Up
    [down] Down
    [home] Home
    [end] End
   *[other] { $key }
}
game-key-with-shift = Shift+{ $key }
game-key-with-ctrl = Ctrl+{ $key }

game-file-too-large = Tsy voasokatra ity lalao ity: lehibe loatra ho rakitra lalao ny { $file } ({ $size } octets).
game-file-not-text = Tsy voasokatra ity lalao ity: tsy rakitra soratra ny { $file }.

stored-kept-in-browser = { $what ->
    [settings] Tsy voavaky ny fikirakiranao ({ $reason ->
        [binary] tsy soratra ilay izy
       *[text] { $problem }
    }). Notehirizina ho { $aside } ao amin'ny fitehirizana eo an-toerana an'ny mpitety tranonkala izy ireo.
    [profile] Tsy voavaky ny laharanao sy ny fandrosoanao amin'ny lesona ({ $reason ->
        [binary] tsy soratra ilay izy
       *[text] { $problem }
    }). Notehirizina ho { $aside } ao amin'ny fitehirizana eo an-toerana an'ny mpitety tranonkala izy ireo.
    [correspondence] Tsy voavaky ny lalaonao andro isaky ny anjara voatahiry amin'ity fitaovana ity ({ $reason ->
        [binary] tsy soratra ilay izy
       *[text] { $problem }
    }). Notehirizina ho { $aside } ao amin'ny fitehirizana eo an-toerana an'ny mpitety tranonkala izy ireo.
   *[game] Tsy voavaky ny lalao voatahiry iray ({ $reason ->
        [binary] tsy soratra ilay izy
       *[text] { $problem }
    }). Notehirizina ho { $aside } ao amin'ny fitehirizana eo an-toerana an'ny mpitety tranonkala izy.
}
stored-not-set-aside = { $what ->
    [settings] Tsy voavaky ny fikirakiranao, ary tsy voafindra toerana: { $error }
    [profile] Tsy voavaky ny laharanao sy ny fandrosoanao amin'ny lesona, ary tsy voafindra toerana: { $error }
    [correspondence] Tsy voavaky ny lalaonao andro isaky ny anjara voatahiry amin'ity fitaovana ity, ary tsy voafindra toerana: { $error }
   *[game] Tsy voavaky ny lalao voatahiry iray, ary tsy voafindra toerana: { $error }
}
stored-too-many-aside = { $what ->
    [settings] Tsy voavaky ny fikirakiranao, ary efa be loatra ny dika tsy voavaky ka tsy azo tehirizina intsony ny iray hafa.
    [profile] Tsy voavaky ny laharanao sy ny fandrosoanao amin'ny lesona, ary efa be loatra ny dika tsy voavaky ka tsy azo tehirizina intsony ny iray hafa.
    [correspondence] Tsy voavaky ny lalaonao andro isaky ny anjara voatahiry amin'ity fitaovana ity, ary efa be loatra ny dika tsy voavaky ka tsy azo tehirizina intsony ny iray hafa.
   *[game] Tsy voavaky ny lalao voatahiry iray, ary efa be loatra ny dika tsy voavaky ka tsy azo tehirizina intsony ny iray hafa.
}

# Milalao tsy misy totozy na tsy mahita ny lakapanorona (src/access): ny tondro eo amin'ny lakapanorona, ny
# toerana anoratana anjara, izay lazaina.
access-key-cursor = Afindrao eo amin'ny lakapanorona ny tondro
access-key-press = Raiso ny vato na ny laka eo ambanin'ny tondro (raha tsy misy tondro: hijanona eto)
access-key-move-box = Soraty ny anjara iray
access-spoken = Izay nitranga
access-page = Fifehezana ny lalao
access-page-play = Lalao
access-key-pieces = Lazao hoe aiza avy ny vato
access-key-last-turn = Lazao izay nataon'ny anjara farany
access-key-point = Lazao izay azon'ny vato eo ambanin'ny tondro atao
say-pieces = { $side ->
    [white] Fotsy
   *[black] Mainty
}: { $count ->
    [0] tsy misy vato
   *[other] vato { $count }, ao amin'ny { $points }
}.
say-no-turn-yet = Mbola tsy nisy anjara nilalaovina.
say-cannot-move = Tsy afaka mihetsika izao ny vato ao amin'ny { $point }.
say-no-cursor = Tsy misy tondro eo amin'ny lakapanorona: afindrao aloha amin'ny Up, Down, Left, Right.
say-control = { $label }{ $role ->
    [button] , bokotra
    [checkbox] , safidy
    [radio] , safidy
    [text] , toerana hanoratana
    [slider] , fanitsiana
    [list] , lisitra
   *[other] {""}
}{ $state ->
    [checked] , voafidy
    [unchecked] , tsy voafidy
    [selected] , voafidy
   *[none] {""}
}{ $enabled ->
    [no] , tsy azo ampiasaina
   *[yes] {""}
}.
typed-title = Soraty ny anjara
typed-help = Anjara amin'ny fanoratana (e3-d3A, e3-d3A-c3W), na ny laka halehany fotsiny (d3). Enter no milalao azy; d3? milaza izay azon'ny vato ao amin'ny d3 atao, ary ? hoe aiza avy ny vato.
typed-not-your-turn = Tsy anjaranao izao.
typed-empty = Soraty aloha ny anjara: e3-d3A, na laka toy ny d3.
typed-not-a-point = Tsy laka eo amin'ny lakapanorona ny « { $point } » (litera iray manomboka amin'ny a ka hatramin'ny i, avy eo isa iray manomboka amin'ny 1 ka hatramin'ny 5).
typed-suffix = « { $step } »: ny dingana dia mifarana amin'ny A (manindrona), W (misintona) na tsy misy (paika).
typed-not-notation = Tsy anjara ny « { $typed } »: ny fihinanana ihany no mety misesy (asio A na W).
typed-which-capture = Avy any { $from } mankany { $to } dia azo atao ny manindrona na ny misintona: asio A na W.
typed-other-capture = Avy any { $from } mankany { $to } dia tsy azo hanina toy izany: ampiasao ny litera iray hafa, na aza asiana.
typed-cannot-place = Tsy misy vato azo apetraka ao amin'ny { $point } izao.
typed-nothing-goes = Tsy misy vato afaka mankany { $point } izao.
typed-which-piece = Vato maromaro no afaka mankany { $point } ({ $pieces }): soraty koa ny vato, toy ny { $example }.
say-step = { $side ->
    [white] Fotsy
   *[black] Mainty
}, { $from } mankany { $to }{ $kind ->
    [approach] , manindrona
    [withdrawal] , misintona
   *[paika] {""}
}{ $taken ->
    [0] {""}
   *[other] , mihinana vato { $taken }
}.
say-to-move = Anjaran'ny { $side ->
    [white] fotsy
   *[black] mainty
}; manana vato { $white } ny fotsy, { $black } ny mainty.
say-place = { $side ->
    [white] Ny fotsy
   *[black] Ny mainty
} dia mametraka vato ao amin'ny { $point }.
say-choose = Manindrona sa misintona mankany { $point }? Tsindrio ny A na ny W, na fidio ny vato hohanina.
say-go-on = Afaka mihinana indray ny vato ao amin'ny { $point }: { $to }. Na mijanòna amin'ny Space.
say-picked = Voafidy ny { $point }: afaka mankany { $to } izy.
say-point = { $point }: { $occupant ->
    [white] vato fotsy
    [black] vato mainty
   *[empty] foana
}{ $role ->
    [picked] , voafidy
    [destination] , afaka tonga eto ny vato voafidy
    [movable] , afaka mihetsika
   *[none] {""}
}.
