# La page de titre, la page de nouvelle partie et les paramètres.

menu-subtitle = Le jeu de plateau de Madagascar
menu-continue = Continuer
menu-new-game = Nouvelle partie
menu-play-online = Jouer en ligne
menu-tournaments = Tournois
menu-correspondence-waiting = { $count ->
    [one] Une partie par correspondance attend votre coup
   *[other] { $count } parties par correspondance attendent votre coup
}
menu-learn = Apprendre à jouer
menu-tutorial = Tutoriel
menu-analysis = Plateau d'analyse
menu-puzzles = Problèmes
menu-settings = Paramètres
menu-back = ‹ Retour
menu-rating-line = Votre classement { $rating } · { $games ->
    [0] pas encore évalué
    [one] une partie
   *[other] { $games } parties
}

menu-board = Plateau
menu-riatra = Riatra (partie normale)
menu-tsivy = Tsivy 9×5
menu-tsivy-about = La partie classique, 22 pions chacun
menu-dimy = Dimy 5×5
menu-dimy-about = Une partie plus courte, 12 pions chacun
menu-telo = Telo 3×3
menu-telo-about = Posez trois pions, puis déplacez-les : alignez-les
menu-vela = Vela
menu-vela-about = Le gagnant de la partie précédente ne joue que des paika (sans prise) jusqu'à ce qu'il ne lui reste que 5 pions
menu-vela-side = handicapé :
menu-players = Joueurs
menu-against-computer = Jouer contre l'ordinateur
menu-two-people = Deux personnes sur cet appareil
menu-computer-itself = Regarder l'ordinateur jouer contre lui-même
menu-level = Niveau :
menu-you-play = Vous jouez :
menu-white-first = Blancs (premiers)
menu-random-side = Au hasard
menu-side-level = { $side ->
    [white] Blancs :
   *[black] Noirs :
}
menu-start = Commencer

menu-your-rating = Votre classement
menu-rating-untested = { $rating }, pas encore évalué : jouez au tsivy contre l'ordinateur sans annuler ni demander d'indice pour être classé.
menu-rating = { $rating } après { $games ->
    [one] une partie classée
   *[other] { $games } parties classées
}
menu-rating-last = { $rating } après { $games ->
    [one] une partie classée
   *[other] { $games } parties classées
} · dernière partie { $result ->
    [won] gagnée
    [drew] nulle
   *[lost] perdue
} contre l'ordinateur ({ $level ->
    [beginner] Débutant
    [casual] Amateur
    [classic] Classique
    [strong] Fort
   *[master] Maître
})

settings-language = Langue :
settings-animation = Vitesse des animations :
settings-animation-about = Arrêt : les pions sautent aussitôt à leur place ; le dernier tour reste marqué sur le plateau
settings-animation-off = arrêt
settings-sound = Son
settings-colour-blind = Couleurs adaptées aux daltoniens
settings-high-contrast = Fort contraste (panneaux et marques)
settings-screen-reader = Lecteur d'écran
settings-screen-reader-about = Plus de choses sont dites après chaque tour, et les pions sautent à leur place au lieu de glisser.
settings-text-size = Taille du texte :
settings-text-size-about = La taille des menus et des panneaux (le plateau s'adapte à la fenêtre)
settings-ponder = L'ordinateur réfléchit pendant votre tour (fort et maître)
settings-ponder-about = Pendant que vous réfléchissez, il étudie la position après la réponse qu'il attend : si vous la jouez, il répond plus vite et voit plus loin
settings-threads = Cœurs du processeur de l'ordinateur :
settings-threads-about = Le nombre de cœurs avec lesquels le maître cherche ; automatique en laisse un au jeu lui-même
settings-threads-auto = automatique ({ $count })
