# Les problèmes : une position d'une vraie partie où un seul tour gagne, à trouver. Les lettres entre parenthèses sont
# les touches, les mêmes dans toutes les langues.

puzzle-heading = Problèmes
puzzle-none = Aucun problème de ce thème sur ce plateau.
puzzle-about = Problème { $id } · classement { $rating } · { $themes }
puzzle-find = { $side ->
    [white] Les Blancs jouent : trouvez le tour qui gagne.
   *[black] Les Noirs jouent : trouvez le tour qui gagne.
}
puzzle-right-next = { $side ->
    [white] Juste ! Maintenant, le tour suivant des Blancs.
   *[black] Juste ! Maintenant, le tour suivant des Noirs.
}
puzzle-solved = Résolu !
puzzle-wrong-lets-take = Pas ce tour : il prend { $took ->
    [0] rien
    [one] un pion
   *[other] { $took } pions
}, et l'adversaire en prend ensuite { $takes ->
    [one] un.
   *[other] { $takes }.
}
puzzle-wrong-not-enough = Pas ce tour : il prend { $took ->
    [0] rien
    [one] un pion
   *[other] { $took } pions
}, et un autre tour fait mieux.
puzzle-hint-shown = Le pion marqué se déplace. Un problème résolu avec un indice compte comme non résolu.
puzzle-rating-change = Classement aux problèmes : de { $before } à { $after } ({ $change })
puzzle-not-rated = Déjà essayé : pas classé de nouveau.
puzzle-fetching = Demande d'un problème au serveur de jeu…
puzzle-online = Classé en ligne (le serveur de jeu)
puzzle-server-rating = Votre classement aux problèmes en ligne : { $rating }
puzzle-hint = Indice (H)
puzzle-solution = Voir la solution (S)
puzzle-retry = Réessayer (T)
puzzle-analyse = Plateau d'analyse (B)
puzzle-next = Problème suivant (N)
puzzle-your-rating = Votre classement aux problèmes : { $rating } · { $solved } résolus, { $failed } manqués
puzzle-streak = Résolus d'affilée : { $streak } (record { $best })
puzzle-variant = { $variant ->
    [tsivy] Tsivy
   *[dimy] Dimy
}
puzzle-theme-label = Thème
puzzle-theme = { $theme ->
    [chain] Long enchaînement
    [choice] Approche ou éloignement
    [quiet] Coup tranquille
    [sacrifice] Sacrifice
    [endgame] Finale
    [capture] Prise
   *[all] Tous les thèmes
}
puzzle-leave = Retour au menu
