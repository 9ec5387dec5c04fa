# Le jeu en ligne : la connexion au serveur, le salon, les parties en ligne.

## Avis.
online-game-not-shown = La partie en ligne n'a pas pu être affichée : son tour { $turn } n'est pas légal ici.
online-draw-offered = { $name } propose la nulle.
online-grace = Le temps de { $name } s'est écoulé pendant sa déconnexion : sa pendule a reçu du temps, une fois.
say-clock = Plus que { $seconds } secondes à votre pendule.
online-garbage = Le serveur a envoyé quelque chose que ce jeu ne sait pas lire ; ce message a été ignoré.
online-registered = Inscrit sous le nom { $name } : connectez-vous avec votre nom et votre mot de passe sur n'importe quel appareil.
online-signed-out = Déconnecté : vous êtes un nouvel invité sur cet appareil.
online-signed-in = Connecté sous le nom { $name }.
online-not-signed-in = Connexion impossible : aucun joueur inscrit n'a ce nom et ce mot de passe.
online-login-ended = Votre session en ligne avait pris fin : vous êtes maintenant un nouvel invité.
online-name-refused = Le nom « { $name } » ne peut pas être utilisé : { $reason ->
    [taken] un autre joueur le porte déjà
   *[invalid] un nom compte de 3 à 20 caractères (lettres, chiffres, _ ou -)
}. Le serveur en a choisi un.

## Les refus du serveur, un par raison.
online-refusal-bad-json = Le serveur n'a pas pu lire un message de ce jeu.
online-refusal-unknown-type = Le serveur ne connaît pas l'une des demandes de ce jeu : il est peut-être plus ancien que le jeu.
online-refusal-bad-message = Le serveur n'a pas compris une demande de ce jeu.
online-refusal-too-large = Un message de ce jeu était trop long pour le serveur.
online-refusal-rate-limited = Trop de demandes trop vite : attendez un instant et réessayez.
online-refusal-hello-first = Le serveur attendait d'abord que le jeu se présente.
online-refusal-already-greeted = Le jeu s'était déjà présenté au serveur sur cette connexion.
online-refusal-unsupported-protocol = Ce serveur parle une autre version du protocole du jeu : mettez le jeu à jour ou choisissez un autre serveur.
online-refusal-bad-token = Votre session en ligne n'est plus valable.
online-refusal-bad-name = Un nom compte de 3 à 20 caractères : lettres, chiffres, _ ou -.
online-refusal-name-taken = Un autre joueur porte déjà ce nom.
online-refusal-bad-password = Un mot de passe compte de 8 à 128 caractères.
online-refusal-bad-login = Aucun joueur inscrit n'a ce nom et ce mot de passe.
online-refusal-already-registered = Vous êtes déjà inscrit.
online-refusal-unrated-variant = Seules les parties de tsivy standard peuvent être classées.
online-refusal-bot-unrated = Les parties contre un robot ne sont jamais classées.
online-refusal-vela-variant = La vela ne se joue qu'au tsivy.
online-refusal-not-found = Ce défi ou cette partie n'existe plus.
online-refusal-not-your-game = Cette partie n'est pas la vôtre.
online-refusal-own-challenge = Vous ne pouvez pas accepter votre propre défi.
online-refusal-not-your-turn = C'est au tour de votre adversaire.
online-refusal-wrong-ply = Ce tour a été envoyé deux fois, ou trop tard.
online-refusal-illegal-turn = Le serveur a jugé ce tour illégal.
online-refusal-game-over = La partie est terminée.
online-refusal-too-late-to-abort = Trop tard pour annuler la partie : chaque camp a déjà joué.
online-refusal-no-draw-offer = Il n'y a aucune proposition de nulle à accepter.
online-refusal-too-many-challenges = Vous avez déjà trop de défis ouverts.
online-refusal-login-throttled = Trop de mots de passe erronés : patientez un peu avant de réessayer.
online-refusal-too-many-guests = Trop de nouveaux invités depuis votre réseau ces derniers temps : patientez un moment, ou connectez-vous.
online-refusal-guest-unrated = Les parties classées sont réservées aux joueurs inscrits : inscrivez cet invité pour y jouer.
online-refusal-puzzle-tried = Le résultat de ce problème a déjà été envoyé : un problème n'est classé qu'une fois.
online-refusal-internal = Le serveur a rencontré un problème : réessayez.

## La connexion.
online-link-offline = Hors ligne.
online-link-connecting = Connexion au serveur…
online-link-connected = Connecté.
online-link-connected-as = Connecté en tant que { $name }.
online-link-waiting = { $was_online ->
    [yes] Connexion perdue.
   *[no] Pas de connexion au serveur.
} Nouvel essai dans { $seconds } s (essai n° { $attempt }).
online-problem-unreachable = Le serveur est injoignable.
online-problem-bad-address = L'adresse du serveur n'est pas une adresse WebSocket.
online-problem-cut = La connexion a été coupée.
online-problem-closed = Le serveur a fermé la connexion.
online-problem-other = La connexion a échoué : { $error }
online-problem-unexpected = Le serveur a répondu à la présentation du jeu par un message inattendu.

## Le salon.
online-title = Jouer en ligne
online-you = Vous : { $name } ({ $account ->
    [yes] inscrit
   *[no] invité
}) · classement { $rating } ± { $deviation }
online-account = Compte
online-account-signed-in = Connecté sous le nom { $name } : connectez-vous avec votre nom et votre mot de passe sur tout autre appareil.
online-sign-out = Se déconnecter
online-account-guest = Vous jouez en tant qu'invité, sur cet appareil seulement. Avec un mot de passe, vous gardez votre nom et votre classement partout.
online-name-label = Nom :
online-name-hint = 3 à 20 lettres, chiffres, _ ou -
online-password-label = Mot de passe :
online-password-hint = 8 caractères ou plus
online-register = Inscrire cet invité
online-register-hint = Garder ce joueur, ses parties et son classement, sous ce nom
online-sign-in = Se connecter
online-sign-in-hint = Jouer en tant que joueur inscrit
online-server-and-name = Serveur et nom
online-server-label = Serveur :
online-name-by-server = choisi par le serveur
online-token-kept = Connecté sur cet appareil : vous revenez sous la même identité.
online-connect-again = Se reconnecter
online-tab-play = Jouer
online-tab-watch = Regarder ({ $count })
online-tab-profile = Vos parties
online-new-challenge = Nouveau défi
online-create-challenge = Créer le défi
online-open-challenges = Défis ouverts
online-asking = Demande au serveur…
online-profile-offline = Vos parties en ligne s'affichent une fois la connexion établie.
online-back-to-menu = Retour au menu
online-rated-choice = Partie classée
online-rated-tsivy-only = Seul le tsivy est classé
online-rated-registered-only = Les parties classées sont réservées aux joueurs inscrits
online-rated = classée
online-unrated = non classée
online-time-label = Cadence :
online-time-hint = { $minutes ->
    [one] Une minute chacun
   *[other] { $minutes } minutes chacun
}, { $increment } s ajoutées après chaque tour
online-no-games = Personne ne joue en ce moment.
online-watch = Regarder
online-turn-number = tour { $turn }
online-player = { $bot ->
    [yes] { $name } (robot) · { $rating }
   *[no] { $name } · { $rating }
}
online-versus = { $bot ->
    [yes] contre { $name } (robot) · { $rating }
   *[no] contre { $name } · { $rating }
}
online-finished = { $verdict ->
    [won] Gagnée
    [lost] Perdue
   *[draw] Nulle
} ({ $reason ->
    [all_captured] plus de pions
    [no_legal_turn] plus de coup
    [telo_line] telo
    [resignation] abandon
    [timeout] au temps
    [fifty_turns] 50 tours
    [repetition] répétition
    [agreement] d'un commun accord
   *[aborted] annulée
})
online-profile-rating = Classement en ligne { $rating } ± { $deviation } après { $count ->
    [one] { $count } partie classée
   *[other] { $count } parties classées
}
online-rating-apart = Votre classement contre l'ordinateur est tenu à part, dans le menu.
online-no-finished-games = Aucune partie terminée pour l'instant.
online-replay = Revoir
online-replay-hint = Remettre la partie sur le plateau, pour la parcourir et l'analyser
online-my-challenge = Votre défi, { $variant } { $time } · { $rated ->
    [yes] partie classée
   *[no] partie non classée
} : { $rematch ->
    [yes] en attente de la réponse de votre adversaire
   *[no] en attente d'un adversaire
}…
online-cancel = Retirer
online-copy-link = Copier le lien
online-copy-link-hint = Envoyez-le à un ami : il ouvre ce défi dans un navigateur
online-no-challenges = Aucun pour l'instant : créez-en un, ou envoyez à un ami le lien du vôtre.
online-rematch-label = une revanche
online-yours = le vôtre
online-accept = Accepter

## Une partie en ligne.
online-playing = En ligne
online-watching = En spectateur
online-player-you = { $name } · { $rating } (vous)
online-rematch-offered = { $name } propose une revanche.
online-rematch = Revanche
online-rematch-hint = La même partie à nouveau : elle est proposée à votre adversaire
online-review = Analyser
online-review-hint = Parcourir la partie avec l'avis du moteur sur chaque tour
online-back-to-lobby = Retour au salon
online-to-move = Au tour de { $name }…
online-your-turn = À vous de jouer
online-capture-again = Prenez encore avec le même pion, ou arrêtez-vous.
online-must-capture = Une prise est possible : vous devez prendre.
online-stop-here = S'arrêter ici (Space)
online-you-offered-draw = Vous avez proposé la nulle.
online-accept-draw = Accepter la nulle
online-offer-draw = Proposer la nulle
online-resign = Abandonner
online-resign-hint = Raccourci : Shift+Q
online-abort = Annuler la partie
online-abort-hint = Terminer la partie sans résultat, avant que chaque camp ait joué
online-flip-board = Retourner le plateau
online-game-over = Partie terminée
online-look-at-board = Voir le plateau
online-result = { $verdict ->
    [won] Vous avez gagné
    [winner] { $winner } a gagné
    [aborted] Partie annulée
   *[draw] Partie nulle
} : { $reason ->
    [all_captured] { $loser } n'a plus de pions
    [no_legal_turn] { $loser } ne peut plus jouer
    [telo_line] trois pions alignés
    [resignation] { $loser } a abandonné
    [timeout] le temps de { $loser } est écoulé
    [fifty_turns] 50 tours sans prise
    [repetition] la même position trois fois
    [agreement] nulle d'un commun accord
   *[aborted] la partie a pris fin avant de commencer
}.
online-you-lost = { $reason ->
    [all_captured] Vous avez perdu : vous n'avez plus de pions
    [no_legal_turn] Vous avez perdu : vous ne pouvez plus jouer
    [telo_line] Vous avez perdu : trois pions alignés
    [resignation] Vous avez abandonné
    [timeout] Vous avez perdu au temps
   *[other] Vous avez perdu
}.

## Parties par correspondance : des jours par coup, jouées de temps en temps, même sans connexion. $days, $hours,
## $minutes, $count : des nombres ; $left : un temps restant, comme « 2 j 5 h » ; $name : l'adversaire.
online-days-label = Jours par coup :
online-days = { $days ->
    [one] 1 jour
   *[other] { $days } jours
}
online-days-per-turn = { $days ->
    [one] 1 jour par coup
   *[other] { $days } jours par coup
}
online-days-hint = { $days ->
    [one] Une partie par correspondance : un jour pour répondre à chaque coup, rendu en entier après chaque coup. Jouez quand vous pouvez, même sans connexion.
   *[other] Une partie par correspondance : { $days } jours pour répondre à chaque coup, rendus en entier après chaque coup. Jouez quand vous pouvez, même sans connexion.
}
online-correspondence-games = { $count ->
    [0] Vos parties par correspondance
    [one] Vos parties par correspondance : une vous attend
   *[other] Vos parties par correspondance : { $count } vous attendent
}
online-open-game = Ouvrir
online-against = { $bot ->
    [yes] contre { $name } (robot) · { $rating }
   *[no] contre { $name } · { $rating }
}
online-your-turn-left = À vous · reste { $left }
online-their-turn-left = À { $name } · reste { $left }
online-turn-unsent = Votre coup attend d'être envoyé
online-turn-unsent-long = Votre coup est gardé sur cet appareil et attend d'être envoyé : il partira dès que le serveur sera joignable.
online-days-hours = { $days } j { $hours } h
online-hours-minutes = { $hours } h { $minutes } min
online-withdraw = Retirer
online-decline = Refuser
online-your-turn-against = À vous de jouer contre { $name }.
online-correspondence-ended = Votre partie par correspondance contre { $name } est terminée : voyez Vos parties.
online-turn-not-played = Votre coup contre { $name } n'a pas été joué : { $reason ->
    [changed] la partie a continué sans lui. La voici telle qu'elle est.
    [over] la partie est terminée.
   *[other] le serveur l'a refusé.
}

## Notifications des parties par correspondance (le jeu sur le web) : activées pour un appareil, et ce qu'envoie le
## serveur. Dans les messages push-…, { $opponent } est le nom de l'adversaire, mis par le serveur.
online-notify-header = Notifications sur cet appareil
online-notify-hint = Soyez prévenu de vos parties par correspondance quand le jeu est fermé.
online-notify-turn = C'est mon tour
online-notify-challenge = Un défi pour moi
online-notify-result = La fin d'une partie
online-notify-reminder = Peu de temps pour jouer
online-notify-on = Activer
online-notify-off = Désactiver
online-notify-state = { $state ->
    [on] Activées pour cet appareil.
    [off] Désactivées pour cet appareil.
   *[asking] Demande au navigateur…
}
online-notify-denied = Le navigateur bloque les notifications de ce site : autorisez-les dans ses paramètres pour ce site, puis activez-les à nouveau.
online-notify-unsupported = Ce navigateur ne peut pas afficher de notifications (sur iPhone, ajoutez d'abord le jeu à l'écran d'accueil).
online-notify-failed = Les notifications n'ont pas pu être activées : { $reason }
online-refusal-bad-subscription = Le serveur ne peut pas envoyer de notifications à ce navigateur.
online-refusal-too-many-subscriptions = Les notifications sont déjà activées sur cinq appareils : désactivez-les d'abord sur l'un d'eux.
push-title = Fanorona
push-turn = À vous de jouer contre { $opponent }
push-challenge = { $opponent } vous défie dans une partie par correspondance
push-won = Vous avez gagné contre { $opponent }
push-lost = Vous avez perdu contre { $opponent }
push-drawn = Votre partie contre { $opponent } s'est terminée sans vainqueur
push-reminder = Peu de temps pour jouer contre { $opponent }

## Congés : des jours où la pendule du joueur s'arrête dans ses parties par correspondance.
online-vacation-header = { $on ->
    [yes] Congés (en cours)
   *[no] Congés
}
online-vacation-hint = En congé, votre pendule s'arrête dans vos parties par correspondance ; celle de vos adversaires continue. { $days } jours par an.
online-vacation-under-way = En congé : reste { $left }.
online-vacation-end = Mettre fin au congé
online-vacation-days-left = { $days ->
    [one] Un jour de congé restant cette année.
   *[other] { $days } jours de congé restants cette année.
}
online-vacation-take = { $days ->
    [one] Prendre un jour de congé
   *[other] Prendre { $days } jours de congé
}
online-on-vacation = en congé
online-refusal-no-vacation-left = Il ne vous reste pas autant de jours de congé cette année.
online-refusal-bad-report = Le serveur n'a pas pu prendre ce signalement : signalez quelqu'un d'autre, dans une partie qu'il a jouée, en quelques mots.
online-refusal-too-many-reports = Vous avez déjà fait beaucoup de signalements aujourd'hui : les modérateurs les lisent d'abord.
online-refusal-guest-report = Un invité ne peut signaler que l'autre joueur d'une partie qu'il a jouée : inscrivez cet invité pour signaler n'importe qui.
online-refusal-blocked = L'un de vous bloque l'autre : pas de partie entre vous.
online-refusal-not-moderator = Seuls les modérateurs peuvent faire cela.
online-refusal-suspended = Un modérateur a suspendu votre compte pour un temps.
online-refusal-bad-tournament = Le serveur a refusé ces réglages de tournoi.
online-refusal-too-many-tournaments = Vous avez créé autant de tournois que permis pour l'instant : attendez qu'un se termine, ou demain.
online-refusal-registered-only = Inscrivez cet invité pour créer des tournois.
online-refusal-tournament-over = Ce tournoi est terminé.
online-refusal-wrong-password = Ce n'est pas le mot de passe de ce tournoi.
online-warned = Un modérateur vous avertit : { $reason }

## Les données du joueur. $games : un nombre ; $file : le nom ou le chemin d'un fichier.
online-data-header = Vos données
online-data-hint = Ce que le serveur garde de vous : votre compte et toutes les parties que vous avez jouées.
online-data-download = Télécharger mes données
online-data-downloading = Téléchargement de vos données : { $games ->
    [one] une partie
   *[other] { $games } parties
} pour l'instant…
online-data-saved = Vos données ({ $games ->
    [one] une partie
   *[other] { $games } parties
}) ont été enregistrées sous { $file }.
online-data-downloaded = Vos données ({ $games ->
    [one] une partie
   *[other] { $games } parties
}) ont été téléchargées sous le nom { $file }.
online-delete-account = Supprimer mon compte…
online-delete-question = Supprimer votre compte pour de bon ? Vos parties en cours sont abandonnées ; vos parties terminées restent pour vos adversaires, sans votre nom. C'est irréversible.
online-delete-password = Votre mot de passe :
online-delete-confirm = Supprimer pour de bon
online-delete-keep = Garder mon compte
online-account-deleted = Votre compte a été supprimé : vous êtes un nouvel invité sur cet appareil.

## Signaler un joueur aux modérateurs, en bloquer un. $name : le nom d'un joueur.
online-report-header = Signaler ou bloquer { $name }
online-report-reason = Pourquoi :
online-report-name = Un nom insultant
online-report-cheating = L'aide d'un programme ou d'une autre personne
online-report-stalling = Laisse tourner la pendule au lieu de jouer
online-report-other = Autre chose
online-report-note = Ce qui s'est passé (facultatif)
online-report-send = Envoyer aux modérateurs
online-reported = Votre signalement a été envoyé aux modérateurs.
online-block = Bloquer { $name }
online-block-hint = Aucun de vous ne voit plus les défis de l'autre, ni ne peut jouer contre lui.
online-blocked-player = Vous bloquez désormais { $name }.
online-unblocked-player = Vous ne bloquez plus { $name }.
online-blocked-list = Joueurs que vous bloquez :
online-unblock = Débloquer

## L'écran des modérateurs. $reporter, $player : des noms de joueurs ; $actions, $matched, $complex, $games : des
## nombres ; $accuracy : un nombre à une décimale.
online-tab-moderation = Signalements
online-moderation-reason = Votre raison, pour le journal (celle d'un avertissement est montrée au joueur) :
online-moderation-empty = Aucun signalement ouvert, aucun joueur repéré.
online-moderation-more = Signalements suivants
online-report-line = { $reporter } signale { $player }
online-report-history = { $actions ->
    [0] aucune action de modérateur avant
    [one] une action de modérateur avant
   *[other] { $actions } actions de modérateur avant
}
online-flag-line = { $player } : le choix du moteur { $matched } fois sur { $complex } positions complexes, précision { $accuracy }, sur { $games } parties
online-moderate-warn = Avertir
online-moderate-suspend = Suspendre une semaine
online-moderate-close = Fermer le compte
online-moderate-dismiss = Rien à faire
online-moderate-cancel-tournament = Annuler ce tournoi
online-moderated = Fait : { $name }.
online-tab-tournaments = Tournois
online-tournaments-none = Aucun tournoi pour l'instant.
online-tournaments-upcoming = À venir
online-tournaments-running = En cours
online-tournaments-finished = Terminés
online-tournaments-older = Tournois plus anciens
online-tournament-arena = Arène, { $minutes } min
online-tournament-swiss = Suisse, { $rounds } rondes
online-tournament-players = { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}
online-tournament-private = privé
online-tournament-starts = commence dans { $time }
online-tournament-join = Rejoindre
online-tournament-withdraw = Se retirer
online-tournament-standings = Classement
online-tournament-password = Mot de passe d'un tournoi privé
online-tournament-your-place = Vous êtes { $rank }e sur { $count }.
online-tournament-on-fire = en série
online-tournament-withdrawn = retiré
online-tournament-games = { $count ->
    [one] { $count } partie
   *[other] { $count } parties
}
online-tournament-call = Votre partie de tournoi contre { $name }
online-tournament-begins = La partie commence dans { $seconds } s
online-tournament-begun = Elle a commencé : la pendule tourne.
online-tournament-go = Aller à la partie
online-tournament-not-now = Pas maintenant
online-tournament-not-now-hint = La partie continue sans vous ; le salon garde un bouton pour la rejoindre.
online-tournament-game = Partie de tournoi
online-tournament-next = Votre prochaine partie de ce tournoi, s'il y en a une, commence d'elle-même.
online-crosstable-bye = Exempt : un point sans partie
# A Swiss crosstable's colour letters: "1 b3" is a win with White against the third.
online-crosstable-white = b
online-crosstable-black = n
online-crosstable-games = Parties
online-crosstable-player = Joueur
online-crosstable-points = Points
say-tournament-call = Votre partie de tournoi contre { $name } commence. Y aller maintenant ?
say-tournament-game = Votre partie de tournoi contre { $name } : elle commence dans { $seconds } secondes.
online-tournament-new = Créer un tournoi
online-tournament-name = Nom
online-tournament-starts-label = Commence dans :
online-minutes = { $minutes } min
online-tournament-new-password = Mot de passe
online-tournament-new-password-hint = vide : ouvert à tous
online-tournament-password-length = Le mot de passe d'un tournoi privé compte de { $least } à { $most } caractères.
online-tournament-create = Créer le tournoi
online-tournament-name-first = Donnez-lui d'abord un nom.
