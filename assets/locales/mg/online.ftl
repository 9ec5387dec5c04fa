# Lalao an-tserasera: ny fifandraisana amin'ny mpizara, ny efitrano fihaonana, ny lalao an-tserasera.
# (Jereo ny fanamarihana ao amin'ny common.ftl sy docs/GLOSSARY.md.)

## Filazana.
online-game-not-shown = Tsy naseho ny lalao an-tserasera: tsy ara-dalàna eto ny anjara { $turn } ao aminy.
online-draw-offered = Manolotra sahala i { $name }.
online-grace = Lany ny fotoan'i { $name } raha tapaka ny fifandraisany: nomena fotoana indray mandeha ny famantaranandrony.
say-clock = Segondra { $seconds } sisa amin'ny famantaranandronao.
online-garbage = Nandefa zavatra tsy vakian'ity lalao ity ny mpizara; tsy noraharahiana izany.
online-registered = Voasoratra amin'ny anarana { $name } ianao: midira amin'ny anaranao sy ny tenimiafinao amin'izay fitaovana tianao.
online-signed-out = Nivoaka ianao: vahiny vaovao ianao amin'ity fitaovana ity.
online-signed-in = Niditra amin'ny anarana { $name }.
online-not-signed-in = Tsy tafiditra: tsy misy mpilalao voasoratra manana izany anarana sy tenimiafina izany.
online-login-ended = Tapitra ny fidiranao an-tserasera: vahiny vaovao ianao izao.
online-name-refused = Tsy azo ampiasaina ny anarana « { $name } »: { $reason ->
    [taken] efa misy mpilalao hafa mitondra azy
   *[invalid] marika 3 ka hatramin'ny 20 ny anarana (litera, isa, _ na -)
}. Ny mpizara no nifidy anarana.

## Ny fandavan'ny mpizara, iray isaky ny antony.
online-refusal-bad-json = Tsy voavakin'ny mpizara ny hafatra iray avy amin'ity lalao ity.
online-refusal-unknown-type = Tsy fantatry ny mpizara ny fangatahana iray avy amin'ity lalao ity: mety ho taloha noho ny lalao izy.
online-refusal-bad-message = Tsy azon'ny mpizara ny fangatahana iray avy amin'ity lalao ity.
online-refusal-too-large = Lava loatra ho an'ny mpizara ny hafatra iray avy amin'ity lalao ity.
online-refusal-rate-limited = Be loatra sy haingana loatra ny fangatahana: miandrasa kely dia andramo indray.
online-refusal-hello-first = Niandry ny fiarahaban'ny lalao aloha ny mpizara.
online-refusal-already-greeted = Efa niarahaba ny mpizara ny lalao tamin'ity fifandraisana ity.
online-refusal-unsupported-protocol = Kinova hafa amin'ny fifandraisan'ny lalao no ampiasain'ity mpizara ity: havaozy ny lalao na misafidiana mpizara hafa.
online-refusal-bad-token = Tsy manan-kery intsony ny fidiranao an-tserasera.
online-refusal-bad-name = Marika 3 ka hatramin'ny 20 ny anarana: litera, isa, _ na -.
online-refusal-name-taken = Efa misy mpilalao hafa mitondra izany anarana izany.
online-refusal-bad-password = Marika 8 ka hatramin'ny 128 ny tenimiafina.
online-refusal-bad-login = Tsy misy mpilalao voasoratra manana izany anarana sy tenimiafina izany.
online-refusal-already-registered = Efa voasoratra ianao.
online-refusal-unrated-variant = Ny lalao fanoron-tsivy mahazatra ihany no azo isaina.
online-refusal-bot-unrated = Tsy isaina mihitsy ny lalao amin'ny rôbô.
online-refusal-vela-variant = Amin'ny fanoron-tsivy ihany no ilalaovana vela.
online-refusal-not-found = Tsy misy intsony io fanamby na lalao io.
online-refusal-not-your-game = Tsy anao io lalao io.
online-refusal-own-challenge = Tsy azonao ekena ny fanambinao.
online-refusal-not-your-turn = Anjaran'ny mpanohitra aminao izao.
online-refusal-wrong-ply = Nalefa indroa, na tara loatra, io anjara io.
online-refusal-illegal-turn = Hitan'ny mpizara fa tsy ara-dalàna io anjara io.
online-refusal-game-over = Tapitra ny lalao.
online-refusal-too-late-to-abort = Tara loatra ny hanafoanana ny lalao: efa samy nilalao ny mpilalao roa.
online-refusal-no-draw-offer = Tsy misy tolotra sahala azo ekena.
online-refusal-too-many-challenges = Efa be loatra ny fanamby misokatra anananao.
online-refusal-login-throttled = Diso im-betsaka loatra ny tenimiafina: miandrasa kely dia andramo indray.
online-refusal-too-many-guests = Be loatra ny vahiny vaovao avy amin'ny tambajotranao tato ho ato: miandrasa kely, na midira.
online-refusal-guest-unrated = Ho an'ny mpilalao voasoratra ihany ny lalao voaisa: soraty ity vahiny ity mba hilalaovanao azy.
online-refusal-puzzle-tried = Efa nalefa ny valin'ity ankamantatra ity: indray mandeha ihany no isaina ny ankamantatra.
online-refusal-internal = Nisy olana tao amin'ny mpizara: andramo indray.

## Ny fifandraisana.
online-link-offline = Tsy mifandray.
online-link-connecting = Mifandray amin'ny mpizara…
online-link-connected = Mifandray.
online-link-connected-as = Mifandray amin'ny anarana { $name }.
online-link-waiting = { $was_online ->
    [yes] Tapaka ny fifandraisana.
   *[no] Tsy mifandray amin'ny mpizara.
} Hanandrana indray afaka { $seconds } s (andrana faha-{ $attempt }).
online-problem-unreachable = Tsy tratra ny mpizara.
online-problem-bad-address = Tsy adiresy WebSocket ny adiresin'ny mpizara.
online-problem-cut = Tapaka ny fifandraisana.
online-problem-closed = Nakaton'ny mpizara ny fifandraisana.
online-problem-other = Tsy nety ny fifandraisana: { $error }
online-problem-unexpected = Namaly zavatra tsy nampoizin'ity lalao ity ny mpizara rehefa niarahaba azy ny lalao.

## Ny efitrano fihaonana.
online-title = Hilalao an-tserasera
online-you = Ianao: { $name } ({ $account ->
    [yes] voasoratra
   *[no] vahiny
}) · laharana { $rating } ± { $deviation }
online-account = Kaonty
online-account-signed-in = Niditra amin'ny anarana { $name } ianao: midira amin'ny anaranao sy ny tenimiafinao amin'ny fitaovana hafa rehetra.
online-sign-out = Hivoaka
online-account-guest = Milalao ho vahiny ianao, amin'ity fitaovana ity ihany. Raha manana tenimiafina ianao dia mitazona ny anaranao sy ny laharanao na aiza na aiza.
online-name-label = Anarana:
online-name-hint = litera, isa, _ na -, 3 ka hatramin'ny 20
online-password-label = Tenimiafina:
online-password-hint = marika 8 na mihoatra
online-register = Soraty ity vahiny ity
online-register-hint = Tazony amin'ity anarana ity ity mpilalao ity, ny lalaony sy ny laharany
online-sign-in = Hiditra
online-sign-in-hint = Hilalao ho mpilalao voasoratra
online-server-and-name = Mpizara sy anarana
online-server-label = Mpizara:
online-name-by-server = ny mpizara no misafidy
online-token-kept = Tafiditra amin'ity fitaovana ity ianao: mpilalao iray ihany ianao rehefa miverina.
online-connect-again = Hifandray indray
online-tab-play = Hilalao
online-tab-watch = Hijery ({ $count })
online-tab-profile = Ny lalaonao
online-new-challenge = Fanamby vaovao
online-create-challenge = Mamorona fanamby
online-open-challenges = Fanamby misokatra
online-asking = Manontany ny mpizara…
online-profile-offline = Hiseho ny lalaonao an-tserasera rehefa mifandray.
online-back-to-menu = Hiverina any amin'ny menio
online-rated-choice = Voaisa
online-rated-tsivy-only = Ny fanoron-tsivy ihany no voaisa
online-rated-registered-only = Ho an'ny mpilalao voasoratra ihany ny lalao voaisa
online-rated = voaisa
online-unrated = tsy voaisa
online-time-label = Fotoana:
online-time-hint = { $minutes ->
    [one] Minitra iray avy
   *[other] Minitra { $minutes } avy
}, segondra { $increment } ampiana isaky ny anjara
online-no-games = Tsy misy milalao amin'izao fotoana izao.
online-watch = Hijery
online-turn-number = anjara { $turn }
online-player = { $bot ->
    [yes] { $name } (rôbô) · { $rating }
   *[no] { $name } · { $rating }
}
online-versus = { $bot ->
    [yes] tamin'i { $name } (rôbô) · { $rating }
   *[no] tamin'i { $name } · { $rating }
}
online-finished = { $verdict ->
    [won] Nandresy
    [lost] Resy
   *[draw] Sahala
} ({ $reason ->
    [all_captured] lany vato
    [no_legal_turn] tsy afaka nihetsika
    [telo_line] telo
    [resignation] nandao
    [timeout] lany fotoana
    [fifty_turns] anjara 50
    [repetition] fiverimberenana
    [agreement] nifanarahana
   *[aborted] nofoanana
})
online-profile-rating = Laharana an-tserasera { $rating } ± { $deviation } taorian'ny { $count ->
    [one] lalao voaisa iray
   *[other] lalao voaisa { $count }
}
online-rating-apart = Misaraka ny laharanao amin'ny solosaina, ao amin'ny menio.
online-no-finished-games = Mbola tsy misy lalao vita.
online-replay = Jereo indray
online-replay-hint = Apetraho eo amin'ny lakapanorona ny lalao, hojerena sy hodinihina tsikelikely
online-my-challenge = Ny fanambinao, { $variant } { $time } · { $rated ->
    [yes] voaisa
   *[no] tsy voaisa
}: { $rematch ->
    [yes] miandry ny mpanohitra aminao hanaiky
   *[no] miandry mpanohitra
}…
online-cancel = Foano
online-copy-link = Adikao ny rohy
online-copy-link-hint = Alefaso amin'ny namana: manokatra ity fanamby ity ao amin'ny mpitety tranonkala izy
online-no-challenges = Mbola tsy misy: mamorona iray, na alefaso amin'ny namana ny rohin'ny anao.
online-rematch-label = lalao famerenana
online-yours = anao
online-accept = Ekeo

## Lalao an-tserasera.
online-playing = An-tserasera
online-watching = Mijery
online-player-you = { $name } · { $rating } (ianao)
online-rematch-offered = Manolotra lalao famerenana i { $name }.
online-rematch = Lalao famerenana
online-rematch-hint = Ilay lalao indray: anontaniana ny mpanohitra aminao
online-review = Dinihina
online-review-hint = Dinihina tsikelikely ny lalao, miaraka amin'ny hevitry ny motera isaky ny anjara
online-back-to-lobby = Hiverina any amin'ny efitrano fihaonana
online-to-move = Anjaran'i { $name }…
online-your-turn = Anjaranao
online-capture-again = Mihinana indray amin'io vato io ihany, na mijanona.
online-must-capture = Misy fihinanana azo atao, ka tsy maintsy mihinana ianao.
online-stop-here = Hijanona eto (Space)
online-you-offered-draw = Nanolotra sahala ianao.
online-accept-draw = Ekeo ny sahala
online-offer-draw = Manolotra sahala
online-resign = Handao ny lalao
online-resign-hint = Hitsin-dalana: Shift+Q
online-abort = Foano ny lalao
online-abort-hint = Tapitra tsy misy vokatra ny lalao, raha mbola tsy samy nilalao ny mpilalao roa
online-flip-board = Avadiho ny lakapanorona
online-game-over = Tapitra ny lalao
online-look-at-board = Jereo ny lakapanorona
online-result = { $verdict ->
    [won] Nandresy ianao
    [winner] Nandresy i { $winner }
    [aborted] Nofoanana
   *[draw] Sahala
}: { $reason ->
    [all_captured] tsy manana vato intsony i { $loser }
    [no_legal_turn] tsy afaka mihetsika i { $loser }
    [telo_line] vato telo milahatra
    [resignation] nandao ny lalao i { $loser }
    [timeout] lany ny fotoan'i { $loser }
    [fifty_turns] anjara 50 tsy nisy fihinanana
    [repetition] niverina intelo ny toerana iray ihany
    [agreement] nifanarahana
   *[aborted] tapitra ny lalao talohan'ny nanombohany
}.
online-you-lost = { $reason ->
    [all_captured] Resy ianao: tsy manana vato intsony ianao
    [no_legal_turn] Resy ianao: tsy afaka mihetsika ianao
    [telo_line] Resy ianao: vato telo milahatra
    [resignation] Nandao ny lalao ianao
    [timeout] Resy ianao: lany ny fotoananao
   *[other] Resy ianao
}.

## Lalao andro isaky ny anjara: lalaovina rehefa afaka, na tsy misy fifandraisana aza. Teny avy amin'ny loharano (jereo
## docs/GLOSSARY.md): andro, ora, sisa, lasa, Lavina, miandry, voatahiry, fitaovana.
online-days-label = Andro isaky ny anjara:
online-days = { $days ->
    [one] Andro iray
   *[other] Andro { $days }
}
online-days-per-turn = { $days ->
    [one] Andro iray isaky ny anjara
   *[other] Andro { $days } isaky ny anjara
}
online-days-hint = { $days ->
    [one] Andro iray isaky ny anjara, feno indray isaky ny anjara lalaovina. Milalaova rehefa afaka ianao, na tsy misy fifandraisana aza.
   *[other] Andro { $days } isaky ny anjara, feno indray isaky ny anjara lalaovina. Milalaova rehefa afaka ianao, na tsy misy fifandraisana aza.
}
online-correspondence-games = { $count ->
    [0] Ny lalaonao andro isaky ny anjara
    [one] Ny lalaonao andro isaky ny anjara: iray miandry anao
   *[other] Ny lalaonao andro isaky ny anjara: { $count } miandry anao
}
online-open-game = Sokafy
online-against = { $bot ->
    [yes] amin'i { $name } (rôbô) · { $rating }
   *[no] amin'i { $name } · { $rating }
}
online-your-turn-left = Anjaranao · { $left } sisa
online-their-turn-left = Anjaran'i { $name } · { $left } sisa
online-turn-unsent = Mbola tsy lasa ny anjaranao
online-turn-unsent-long = Voatahiry amin'ity fitaovana ity ny anjaranao ary mbola tsy lasa: alefa raha vao tratra ny mpizara.
online-days-hours = { $days } andro { $hours } ora
online-hours-minutes = { $hours } ora { $minutes } minitra
online-withdraw = Foano
online-decline = Lavina
online-your-turn-against = Anjaranao amin'ny lalao amin'i { $name }.
online-correspondence-ended = Vita ny lalaonao amin'i { $name }: jereo ao amin'ny « Ny lalaonao ».
online-turn-not-played = Tsy lasa ny anjaranao amin'i { $name }: { $reason ->
    [changed] nitohy ny lalao ka tsy nandray azy. Ity ilay lalao ankehitriny.
    [over] vita ny lalao.
   *[other] nolavin'ny mpizara.
}

## Fampandrenesana ny lalao andro isaky ny anjara (ny lalao amin'ny tranonkala). Teny avy amin'ny loharano (jereo
## docs/GLOSSARY.md): fampandrenesana, Alefaso, Ajanony, Tapitra ny lalao. Ao amin'ny hafatra push-…, { $opponent } no
## anaran'ny mpanohitra, apetraky ny mpizara.
online-notify-header = Fampandrenesana amin'ity fitaovana ity
online-notify-hint = Ho fantatrao ny lalaonao andro isaky ny anjara na mihidy aza ny lalao.
online-notify-turn = Anjarako
online-notify-challenge = Fanamby ho ahy
online-notify-result = Tapitra ny lalao
online-notify-reminder = Kely sisa ny fotoana
online-notify-on = Alefaso
online-notify-off = Ajanony
online-notify-state = { $state ->
    [on] Alefa amin'ity fitaovana ity.
    [off] Tsy alefa amin'ity fitaovana ity.
   *[asking] Manontany ny mpitety tranonkala…
}
online-notify-denied = Nolavin'ny mpitety tranonkala ny fampandrenesana avy amin'ity tranonkala ity: ekeo ao amin'ny fikirakirany, dia alefaso indray.
online-notify-unsupported = Tsy afaka haneho fampandrenesana ity mpitety tranonkala ity (amin'ny iPhone, ampio ao amin'ny efijery fandraisana aloha ny lalao).
online-notify-failed = Tsy afaka nalefa ny fampandrenesana: { $reason }
online-refusal-bad-subscription = Tsy afaka mandefa fampandrenesana amin'ity mpitety tranonkala ity ny mpizara.
online-refusal-too-many-subscriptions = Efa alefa amin'ny fitaovana dimy ny fampandrenesana: ajanony amin'ny iray aloha.
push-title = Fanorona
push-turn = Anjaranao amin'ny lalao amin'i { $opponent }
push-challenge = Fanamby avy amin'i { $opponent }: lalao andro isaky ny anjara
push-won = Nandresy ianao tamin'ny lalao tamin'i { $opponent }
push-lost = Resy ianao tamin'ny lalao tamin'i { $opponent }
push-drawn = Sahala ny lalao tamin'i { $opponent }
push-reminder = Kely sisa ny fotoananao amin'ny lalao amin'i { $opponent }

## Fialan-tsasatra (GLOSSARY.md: [leave-app], [labour-code], [taxibrousse]).
online-vacation-header = Fialan-tsasatra
online-vacation-hint = { $days } andro fialan-tsasatra isan-taona, ho an'ny lalao andro isaky ny anjara.
online-vacation-under-way = Fialan-tsasatra: { $left } sisa.
online-vacation-end = Ajanony ny fialan-tsasatra
online-vacation-days-left = Fialan-tsasatra: { $days } andro sisa.
online-vacation-take = Alefaso ny fialan-tsasatra ({ $days } andro)
online-on-vacation = fialan-tsasatra
online-refusal-no-vacation-left = Tsy ampy ny andro fialan-tsasatra sisa.
online-refusal-bad-report = Tsy azon'ny mpizara ity tatitra ity.
online-refusal-too-many-reports = Efa be loatra ny tatitra nataonao androany: ny mpandrindra no mamaky azy aloha.
online-refusal-guest-report = Ho an'ny mpilalao voasoratra ihany ny tatitra, afa-tsy momba ny mpanohitra aminao tamin'ny lalao nilalaovanao: soraty ity vahiny ity.
online-refusal-blocked = Mpilalao voasakana: tsy misy lalao.
online-refusal-not-moderator = Ny mpandrindra ihany no afaka manao izany.
online-refusal-suspended = Voarara ny kaontinao.
online-refusal-bad-tournament = Nolavin'ny mpizara ireo fikirakirana ny fifaninanana ireo.
online-refusal-too-many-tournaments = Efa tratra ny isan'ny fifaninanana azonao karakaraina amin'izao: andraso hifarana ny iray, na rahampitso.
online-refusal-registered-only = Soraty ity vahiny ity mba hamoronanao fifaninanana.
online-refusal-tournament-over = Tapitra io fifaninanana io.
online-refusal-wrong-password = Tsy io ny tenimiafin'ity fifaninanana ity.
online-warned = Fampitandremana avy amin'ny mpandrindra: { $reason }

## Ny tahirin-kevitry ny mpilalao.
online-data-header = Tahirin-kevitra
online-data-hint = Ny tahirin'ny mpizara momba anao: ny kaontinao sy ny lalao rehetra nilalaovanao.
online-data-download = Ampidino ny tahirin-kevitra
online-data-downloading = Ampidinina ny tahirin-kevitra: lalao { $games } hatreto…
online-data-saved = Voatahiry ho { $file } ny tahirin-kevitra (lalao { $games }).
online-data-downloaded = Voatahiry ho { $file } ny tahirin-kevitra (lalao { $games }).
online-delete-account = Fafao ny kaonty…
online-delete-question = Hofafana ny kaontinao? Hoheverina ho resy ianao amin'ny lalao mbola tsy vita; mijanona ho an'ny mpanohitra anao ny lalao vita, tsy misy ny anaranao. Tsy azo averina intsony.
online-delete-password = Ny tenimiafinao:
online-delete-confirm = Fafao
online-delete-keep = Tazony ny kaonty
online-account-deleted = Voafafa ny kaontinao: vahiny vaovao ianao amin'ity fitaovana ity.

## Tatitra ho an'ny mpandrindra, mpilalao voasakana.
online-report-header = Tatitra: { $name }
online-report-reason = Antony:
online-report-name = Anarana manafintohina
online-report-cheating = Nanampy azy ny solosaina na olon-kafa
online-report-stalling = Avelany handeha ny famantaranandro fa tsy milalao izy
online-report-other = Zavatra hafa
online-report-note = Inona no nitranga? (tsy voatery)
online-report-send = Alefaso amin'ny mpandrindra
online-reported = Lasa any amin'ny mpandrindra ny tatitrao.
online-block = Voasakana i { $name }
online-block-hint = Tsy hifanamby intsony ianareo.
online-blocked-player = Voasakana i { $name }.
online-unblocked-player = Tsy voasakana intsony i { $name }.
online-blocked-list = Mpilalao voasakana:
online-unblock = Tsy voasakana intsony

## Ny efijery ho an'ny mpandrindra.
online-tab-moderation = Tatitra
online-moderation-reason = Ny antony (voasoratra; ny an'ny fampitandremana dia asehoy ny mpilalao):
online-moderation-empty = Tsy misy tatitra.
online-moderation-more = Tatitra manaraka
online-report-line = Tatitra nataon'i { $reporter } momba an'i { $player }
online-report-history = Fanapahan-kevitra teo aloha: { $actions }
online-flag-line = { $player }: safidin'ny motera { $matched } amin'ny toerana sarotra { $complex }, { $accuracy }, lalao { $games }
online-moderate-warn = Fampitandremana
online-moderate-suspend = Voarara herinandro
online-moderate-close = Fafao ny kaonty
online-moderate-dismiss = Tsy misy atao
online-moderate-cancel-tournament = Foano ity fifaninanana ity
online-moderated = Vita: { $name }.
online-tab-tournaments = Fifaninanana
online-tournaments-none = Mbola tsy misy fifaninanana.
online-tournaments-upcoming = Ho avy
online-tournaments-running = An-dalana
online-tournaments-finished = Vita
online-tournaments-older = Fifaninanana taloha kokoa
online-tournament-arena = Arena, { $minutes } min
online-tournament-swiss = Soisa, andiany { $rounds }
online-tournament-players = mpilalao { $count }
online-tournament-private = manokana
online-tournament-starts = manomboka afaka { $time }
online-tournament-join = Hiditra
online-tournament-withdraw = Hiala
online-tournament-standings = Filaharana
online-tournament-password = Tenimiafin'ny fifaninanana manokana
online-tournament-your-place = Faha-{ $rank } amin'ny { $count } ianao.
online-tournament-on-fire = mandresy misesy
online-tournament-withdrawn = niala
online-tournament-games = lalao { $count }
online-tournament-call = Ny lalaonao amin'i { $name } ao amin'ny fifaninanana
online-tournament-begins = Manomboka afaka segondra { $seconds } ny lalao
online-tournament-begun = Efa nanomboka: mandeha ny famantaranandro.
online-tournament-go = Mankany amin'ny lalao
online-tournament-not-now = Tsy izao
online-tournament-not-now-hint = Mitohy tsy misy anao ny lalao; ao amin'ny efitrano fihaonana ny bokotra hankanesana any.
online-tournament-game = Lalao fifaninanana
online-tournament-next = Manomboka ho azy ny lalao manaraka anao amin'ity fifaninanana ity, raha misy.
online-crosstable-bye = Tsy nisy mpanohitra: isa iray tsy nilalao
# A Swiss crosstable's colour letters: "1 f3" is a win with White against the third.
online-crosstable-white = f
online-crosstable-black = m
online-crosstable-games = Lalao
online-crosstable-player = Mpilalao
online-crosstable-points = Isa
say-tournament-call = Manomboka ny lalaonao amin'i { $name } ao amin'ny fifaninanana. Handeha any ve ianao izao?
say-tournament-game = Ny lalaonao amin'i { $name } ao amin'ny fifaninanana: manomboka afaka segondra { $seconds }.
online-tournament-new = Hamorona fifaninanana
online-tournament-name = Anarana
online-tournament-starts-label = Manomboka afaka:
online-minutes = { $minutes } minitra
online-tournament-new-password = Tenimiafina
online-tournament-new-password-hint = foana: misokatra ho an'ny rehetra
online-tournament-password-length = Marika { $least } ka hatramin'ny { $most } ny tenimiafin'ny fifaninanana manokana.
online-tournament-create = Hamorona ny fifaninanana
online-tournament-name-first = Omeo anarana aloha.
