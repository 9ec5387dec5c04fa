# Ny ankamantatra: toerana avy amin'ny lalao tena izy, izay anjara iray ihany no mandresy, ka tadiavina. Ny litera
# anaty fonon-teny dia ny kitendry, mitovy amin'ny fiteny rehetra. (Ankamantatra: "riddle"; jereo docs/GLOSSARY.md.)

puzzle-heading = Ankamantatra
puzzle-none = Tsy misy ankamantatra amin'io lohahevitra io eo amin'ity lakapanorona ity.
puzzle-about = Ankamantatra { $id } · laharana { $rating } · { $themes }
puzzle-find = { $side ->
    [white] Ny fotsy no hilalao: tadiavo ny anjara mandresy.
   *[black] Ny mainty no hilalao: tadiavo ny anjara mandresy.
}
puzzle-right-next = { $side ->
    [white] Marina! Ankehitriny, ny anjaran'ny fotsy manaraka.
   *[black] Marina! Ankehitriny, ny anjaran'ny mainty manaraka.
}
puzzle-solved = Voavaha!
puzzle-wrong-lets-take = Tsy io anjara io: { $took ->
    [0] tsy mihinana na inona na inona izy
    [one] vato iray no haniny
   *[other] vato { $took } no haniny
}, ary avy eo mihinana { $takes ->
    [one] vato iray
   *[other] vato { $takes }
} ny mpanohitra.
puzzle-wrong-not-enough = Tsy io anjara io: { $took ->
    [0] tsy mihinana na inona na inona izy
    [one] vato iray no haniny
   *[other] vato { $took } no haniny
}, ary misy anjara hafa tsara kokoa.
puzzle-hint-shown = Ny vato voamarika no mihetsika. Ankamantatra voavaha tamin'ny torohevitra dia isaina ho tsy voavaha.
puzzle-rating-change = Laharana amin'ny ankamantatra: { $before } lasa { $after } ({ $change })
puzzle-not-rated = Efa nandramana: tsy isaina intsony.
puzzle-fetching = Mangataka ankamantatra amin'ny mpizara lalao…
puzzle-online = Voaisa an-tserasera (ny mpizara lalao)
puzzle-server-rating = Ny laharanao amin'ny ankamantatra an-tserasera: { $rating }
puzzle-hint = Torohevitra (H)
puzzle-solution = Asehoy ny vahaolana (S)
puzzle-retry = Andramo indray (T)
puzzle-analyse = Lakapanorona fandalinana (B)
puzzle-next = Ankamantatra manaraka (N)
puzzle-your-rating = Ny laharanao amin'ny ankamantatra: { $rating } · voavaha { $solved }, tsy voavaha { $failed }
puzzle-streak = Voavaha misesy: { $streak } (ny betsaka indrindra { $best })
puzzle-variant = { $variant ->
    [tsivy] Tsivy
   *[dimy] Dimy
}
puzzle-theme-label = Lohahevitra
puzzle-theme = { $theme ->
    [chain] Fihinanana misesy lava
    [choice] Manindrona sa misintona
    [quiet] Paika
    [sacrifice] Fahafoizana
    [endgame] Faran'ny lalao
    [capture] Fihinanana
   *[all] Lohahevitra rehetra
}
puzzle-leave = Hiverina amin'ny menio
