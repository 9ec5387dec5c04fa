# La partie sur le plateau : enregistrer et ouvrir des parties, et pourquoi un pion lâché sur un point ne peut pas y
# aller.

game-saved = Partie enregistrée.
game-none-saved = Il n'y a pas encore de partie enregistrée.
game-not-opened = Cette partie n'a pas pu être ouverte : { $error }
game-not-autosaved = La partie n'a pas pu être enregistrée automatiquement : { $error }
game-saved-as = La partie a été enregistrée sous { $file }.
game-downloaded = La partie a été téléchargée sous le nom { $file }.
game-no-file-picker = Le sélecteur de fichiers n'a pas pu s'ouvrir : { $error }
game-no-file-picker-desktop = Il n'y a pas de sélecteur de fichiers ici : tapez plutôt le chemin du fichier.

drop-not-a-line = { $from } ne peut pas aller en { $to } : { $to } n'est pas le point suivant sur une ligne partant de { $from }.
drop-not-now = { $from } ne peut pas aller en { $to } : ce pas ne peut pas être joué maintenant.
drop-game-over = { $from } ne peut pas aller en { $to } : la partie est terminée.
drop-must-place = { $from } ne peut pas aller en { $to } : { $side ->
    [white] les Blancs ont
   *[black] les Noirs ont
} encore des pions à poser.
drop-no-piece = { $from } ne peut pas aller en { $to } : il n'y a pas de pion en { $from }.
drop-not-yours = { $from } ne peut pas aller en { $to } : le pion en { $from } est { $owner ->
    [white] aux Blancs
   *[black] aux Noirs
}.
drop-occupied = { $from } ne peut pas aller en { $to } : { $to } n'est pas libre.
drop-capture-required = { $from } ne peut pas aller en { $to } : ce coup ne prend rien, et la prise est obligatoire quand elle est possible.
drop-vela = { $from } ne peut pas aller en { $to } : { $side ->
    [white] les Blancs jouent
   *[black] les Noirs jouent
} le handicap vela et ne prennent rien avant d'être réduits à 5 pions.
drop-revisit = { $from } ne peut pas aller en { $to } : le pion est déjà passé par { $point } pendant ce tour.
drop-same-direction = { $from } ne peut pas aller en { $to } : un enchaînement ne peut pas aller deux fois de suite dans la même direction.
drop-other-piece = { $from } ne peut pas aller en { $to } : l'enchaînement continue avec le pion en { $point }.
drop-paika-in-chain = { $from } ne peut pas aller en { $to } : un enchaînement ne continue que par des prises.

# Le panneau de la partie.
game-title = { $vela ->
    [white] Fanoron-{ $variant } — vela : Blancs handicapés
    [black] Fanoron-{ $variant } — vela : Noirs handicapés
   *[none] Fanoron-{ $variant }
}
game-player = { $kind ->
    [human] Joueur
    [online] Joueur en ligne
   *[computer] Ordinateur ({ $level ->
        [beginner] Débutant
        [casual] Amateur
        [classic] Classique
        [strong] Fort
       *[master] Maître
    })
}
game-rated = Classée · votre classement { $rating }
game-to-move = { $side ->
    [white] Aux Blancs de jouer
   *[black] Aux Noirs de jouer
}
game-thinking = L'ordinateur réfléchit…
game-capture-again = Prenez encore avec le même pion, ou arrêtez-vous.
game-must-capture = Une prise est possible : vous devez prendre.
game-place = Posez un pion sur un point libre.
game-quiet-turns = { $count ->
    [one] Un tour sans prise
   *[other] { $count } tours sans prise
}
game-stop-here = S'arrêter ici
game-unrated-warning = L'utiliser rend non classée une partie classée
game-undo = Annuler
game-redo = Rejouer
game-hint = Indice
game-flip = Retourner le plateau
game-resign = Abandonner
game-new-game = Nouvelle partie
game-save = Enregistrer
game-load = Charger
game-sound-on = Son : activé
game-sound-off = Son : coupé
game-save-about = Enregistrer la partie dans l'emplacement de sauvegarde (Ctrl+S)
game-load-about = Charger la partie de l'emplacement de sauvegarde (Ctrl+O)
game-copy-game = Copier la partie
game-copy-game-about = La partie en texte, à partager ou à ouvrir ailleurs (Shift+C)
game-copy-position = Copier la position
game-copy-position-about = Le texte de la position (C)
game-open = Ouvrir une partie…
game-open-about = Coller le texte d'une partie ou ouvrir un fichier de partie (I)
game-download = Télécharger la partie
game-download-about = La partie dans un fichier texte, à garder ou à partager (Shift+S)
game-save-file = Enregistrer en fichier
game-save-file-about = La partie dans un nouveau fichier texte du dossier Fanorona de vos documents (Shift+S)
game-review = Analyser la partie
game-review-about = Le moteur parcourt la partie : ses tournants, et de meilleurs tours (V)
game-analyse = Plateau d'analyse
# The menu of the game's rarer actions (files, sharing, sound, resigning), beside the bar of icons.
game-more = Plus d'actions
game-analyse-about = Cette position sur le plateau d'analyse (B)
game-keyboard = Clavier

game-moves = Coups
game-no-turns = Aucun tour joué pour l'instant.
game-look-after-turn = Voir la position après ce tour
game-took = { $side ->
    [white] Les Blancs ont pris { $count }
   *[black] Les Noirs ont pris { $count }
}

game-outcome-all-captured = { $winner ->
    [white] Les Blancs gagnent : tous les pions noirs ont été pris
   *[black] Les Noirs gagnent : tous les pions blancs ont été pris
}
game-outcome-no-legal-turn = { $winner ->
    [white] Les Blancs gagnent : les Noirs n'ont aucun coup légal
   *[black] Les Noirs gagnent : les Blancs n'ont aucun coup légal
}
game-outcome-telo-line = { $winner ->
    [white] Les Blancs gagnent avec trois pions alignés
   *[black] Les Noirs gagnent avec trois pions alignés
}
game-outcome-resignation = { $winner ->
    [white] Les Blancs gagnent : les Noirs ont abandonné
   *[black] Les Noirs gagnent : les Blancs ont abandonné
}
game-outcome-fifty-turns = Partie nulle : 50 tours de suite sans prise
game-outcome-repetition = Partie nulle : la même position pour la troisième fois
game-rating-change = Votre classement : de { $before } à { $after } ({ $change })

game-are-you-sure = Êtes-vous sûr ?
game-cancel-esc = Annuler (Esc)
game-cancel = Annuler
game-confirm-resign = Abandonner cette partie ? Elle compte comme une défaite.
game-confirm-new-game = Commencer une nouvelle partie ? Votre partie inachevée sera perdue.
game-confirm-save = Enregistrer cette partie ? Elle remplacera la partie de l'emplacement de sauvegarde.
game-confirm-load = Charger la partie enregistrée ? Elle remplacera la partie sur le plateau.
game-confirm-open = Ouvrir cette partie ? Elle remplacera la partie sur le plateau.
game-confirm-hand-over = Continuer la partie jouée pendant le chargement du jeu complet ? Votre autre partie inachevée sera perdue.
game-do-resign = Abandonner
game-do-new-game = Commencer une nouvelle partie
game-do-save = Remplacer la partie enregistrée
game-do-load = Charger la partie enregistrée
game-do-open = Ouvrir la partie
game-do-hand-over = Continuer cette partie
game-choice-title = Prendre sur quelle ligne ?
game-choice-about = Ce coup peut prendre de deux façons. Choisissez-en une (ou cliquez sur un pion de la ligne, sur le plateau) :
game-choice-approach = Approche : prend { $count } (A)
game-choice-withdrawal = Éloignement : prend { $count } (W)
game-over = Partie terminée
game-result = { $count ->
    [one] Résultat { $score } après un tour.
   *[other] Résultat { $score } après { $count } tours.
}
game-vela-offer = { $winner ->
    [white] Vela : dans une partie retour, les Blancs ne peuvent pas prendre avant d'avoir perdu 17 pions (non classée).
   *[black] Vela : dans une partie retour, les Noirs ne peuvent pas prendre avant d'avoir perdu 17 pions (non classée).
}
game-vela-play = { $winner ->
    [white] Jouer une vela (Blancs handicapés)
   *[black] Jouer une vela (Noirs handicapés)
}
game-rematch = Revanche
game-look-at-board = Voir le plateau
game-review-game = Analyser la partie : ses tournants, et de meilleurs tours
game-open-title = Ouvrir une partie
game-open-paste = Collez une partie ici : le texte de la partie (tel que « Copier la partie » le donne) ou un enregistrement RON.
game-open-button = Ouvrir
game-open-a-file = Ouvrir un fichier…
game-open-path = Ou le chemin d'un fichier de partie :
game-open-file = Ouvrir le fichier

game-keys-either = { $first } ou { $second }
game-key-stop = S'arrêter ici (finir un enchaînement)
game-key-choose = Choisir l'approche / l'éloignement
game-key-cancel = Annuler la sélection, ou répondre non à une question
game-key-undo = Annuler
game-key-redo = Rejouer
game-key-hint = Indice
game-key-flip = Retourner le plateau
game-key-save-load = Enregistrer / charger la partie (demande avant de remplacer quoi que ce soit)
game-key-copy-position = Copier le texte de la position
game-key-copy-game = Copier la partie en texte
game-key-open = Ouvrir une partie depuis son texte ou un fichier
game-key-save-file = Enregistrer la partie dans un nouveau fichier (un téléchargement sur le web)
game-key-open-file = Ouvrir un fichier de partie (sur le web : en choisir un)
game-key-sound = Son activé / coupé
game-key-resign = Abandonner
game-key-menu = Retour au menu (la partie est gardée) ; dans le tutoriel : Suivant
game-key-try-again = Tutoriel : réessayer
game-key-review = Analyser la partie
game-key-analysis = Plateau d'analyse (là : Left / Right pour parcourir les coups, E pour composer une position)
game-key-review-turns = Analyse : tour précédent / suivant, début / fin
game-key-review-line = Analyse : montrer le meilleur tour et avancer / reculer dans sa suite
game-key-how-to-play = Règles du jeu
game-key-full-screen = Plein écran activé / désactivé
game-key-puzzle-next = Problèmes : problème suivant
game-key-puzzle-try-again = Problèmes : réessayer
game-key-puzzle-solution = Problèmes : voir la solution
game-key-close = Analyse, plateau d'analyse : fermer
game-key-analysis-moves = Plateau d'analyse : reculer / avancer dans les coups
game-key-analysis-edit = Plateau d'analyse : composer une position
# Les noms des touches dans l'aide du clavier, en anglais comme ailleurs dans ce fichier (Left / Right). $key : une
# lettre ou une touche de fonction telle qu'elle est imprimée (F1), ou le nom en minuscules d'une touche qui porte un
# mot (space, enter, escape, left, right, up, down, home, end) ; avec Shift ou Ctrl, le nom de la touche.
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

game-file-too-large = Cette partie n'a pas pu être ouverte : { $file } est trop gros pour être un fichier de partie ({ $size } octets).
game-file-not-text = Cette partie n'a pas pu être ouverte : { $file } n'est pas un fichier texte.

stored-kept-in-browser = { $what ->
    [settings] Vos paramètres n'ont pas pu être lus ({ $reason ->
        [binary] l'entrée n'est pas du texte
       *[text] { $problem }
    }). Ils ont été gardés sous { $aside } dans le stockage local du navigateur.
    [profile] Votre classement et vos progrès dans le tutoriel n'ont pas pu être lus ({ $reason ->
        [binary] l'entrée n'est pas du texte
       *[text] { $problem }
    }). Ils ont été gardés sous { $aside } dans le stockage local du navigateur.
    [correspondence] Vos parties par correspondance gardées sur cet appareil n'ont pas pu être lues ({ $reason ->
        [binary] l'entrée n'est pas du texte
       *[text] { $problem }
    }). Elles ont été gardées sous { $aside } dans le stockage local du navigateur.
   *[game] Une partie enregistrée n'a pas pu être lue ({ $reason ->
        [binary] l'entrée n'est pas du texte
       *[text] { $problem }
    }). Elle a été gardée sous { $aside } dans le stockage local du navigateur.
}
stored-not-set-aside = { $what ->
    [settings] Vos paramètres n'ont pas pu être lus, ni mis de côté : { $error }
    [profile] Votre classement et vos progrès dans le tutoriel n'ont pas pu être lus, ni mis de côté : { $error }
    [correspondence] Vos parties par correspondance gardées sur cet appareil n'ont pas pu être lues, ni mises de côté : { $error }
   *[game] Une partie enregistrée n'a pas pu être lue, ni mise de côté : { $error }
}
stored-too-many-aside = { $what ->
    [settings] Vos paramètres n'ont pas pu être lus, et il y a déjà trop de copies illisibles pour en garder une autre.
    [profile] Votre classement et vos progrès dans le tutoriel n'ont pas pu être lus, et il y a déjà trop de copies illisibles pour en garder une autre.
    [correspondence] Vos parties par correspondance gardées sur cet appareil n'ont pas pu être lues, et trop de copies illisibles sont déjà gardées pour en garder une autre.
   *[game] Une partie enregistrée n'a pas pu être lue, et il y a déjà trop de copies illisibles pour en garder une autre.
}

# Jouer sans souris ou sans voir le plateau (src/access) : le curseur du plateau, la case de saisie, ce qui est dit.
access-key-cursor = Déplacer le curseur sur le plateau
access-key-press = Prendre le pion ou le point sous le curseur (sans curseur : s'arrêter ici)
access-key-move-box = Taper un tour (la case de saisie)
access-spoken = Ce qui s'est passé
access-page = Commandes du jeu
access-page-play = Jouer
access-key-pieces = Dire où sont les pions
access-key-last-turn = Dire ce qu'a fait le dernier tour
access-key-point = Dire ce que peut faire le pion sous le curseur
say-pieces = { $side ->
    [white] Blancs
   *[black] Noirs
} : { $count ->
    [0] aucun pion
    [one] 1 pion, en { $points }
   *[other] { $count } pions, en { $points }
}.
say-no-turn-yet = Aucun tour n'a encore été joué.
say-cannot-move = Le pion en { $point } ne peut pas jouer maintenant.
say-no-cursor = Il n'y a pas de curseur sur le plateau : déplacez-le d'abord avec les flèches.
say-control = { $label }{ $role ->
    [button] , bouton
    [checkbox] , case à cocher
    [radio] , option
    [text] , champ de texte
    [slider] , réglette
    [list] , liste
   *[other] {""}
}{ $state ->
    [checked] , cochée
    [unchecked] , non cochée
    [selected] , choisie
   *[none] {""}
}{ $enabled ->
    [no] , indisponible
   *[yes] {""}
}.
typed-title = Taper un tour
typed-help = Un tour en notation (e3-d3A, e3-d3A-c3W), ou la seule destination (d3). Entrée le joue ; d3? dit ce que peut faire le pion en d3, et ? où sont les pions.
typed-not-your-turn = Ce n'est pas à vous de jouer.
typed-empty = Tapez d'abord un tour : e3-d3A, ou une destination comme d3.
typed-not-a-point = « { $point } » n'est pas un point du plateau (une lettre de a à i, puis un chiffre de 1 à 5).
typed-suffix = « { $step } » : un pas se termine par A (approche), W (éloignement) ou rien (un paika).
typed-not-notation = « { $typed } » n'est pas un tour : seules des prises peuvent s'enchaîner (marquez-les A ou W).
typed-which-capture = De { $from } à { $to }, on peut prendre par approche ou par éloignement : ajoutez A ou W.
typed-other-capture = De { $from } à { $to }, on ne peut pas prendre ainsi : mettez l'autre lettre, ou aucune.
typed-cannot-place = Aucun pion ne peut être posé en { $point } maintenant.
typed-nothing-goes = Aucun pion ne peut aller en { $point } maintenant.
typed-which-piece = Plusieurs pions peuvent aller en { $point } ({ $pieces }) : tapez aussi le pion, comme dans { $example }.
say-step = { $side ->
    [white] Blancs
   *[black] Noirs
}, { $from } en { $to }{ $kind ->
    [approach] , approche
    [withdrawal] , éloignement
   *[paika] {""}
}{ $taken ->
    [0] {""}
    [one] , prend 1 pion
   *[other] , prend { $taken } pions
}.
say-to-move = { $side ->
    [white] Aux Blancs
   *[black] Aux Noirs
} de jouer ; les Blancs ont { $white } pions, les Noirs { $black }.
say-place = { $side ->
    [white] Les Blancs posent
   *[black] Les Noirs posent
} un pion en { $point }.
say-choose = Approche ou éloignement vers { $point } ? Appuyez sur A ou W, ou choisissez un pion à prendre.
say-go-on = Le pion en { $point } peut prendre encore : { $to }. Ou arrêtez-vous avec Espace.
say-picked = { $point } choisi : il peut aller en { $to }.
say-point = { $point } : { $occupant ->
    [white] un pion blanc
    [black] un pion noir
   *[empty] libre
}{ $role ->
    [picked] , choisi
    [destination] , le pion choisi peut venir ici
    [movable] , peut jouer
   *[none] {""}
}.
