# L'analyse d'une partie et le plateau d'analyse.

review-heading = Analyse de la partie
review-progress = Le moteur examine la position { $done } sur { $total }
review-first = Le début
review-previous = Tour précédent
review-next = Tour suivant
review-last = La fin
review-try-again = Rejouer à partir d'ici
review-try-again-about = Continuer contre l'ordinateur depuis la position d'avant ce tour
review-try-again-later = Une fois la partie terminée : continuer la remplace
review-close = Retour à la partie (Échap)
review-class = { $class ->
    [best] Meilleur coup
    [good] Bon coup
    [inaccuracy] Imprécision
    [mistake] Erreur
   *[blunder] Gaffe
}
review-accuracy = { $side ->
    [white] Blancs
   *[black] Noirs
} : précision { $accuracy } % · { $inaccuracies ->
    [one] une imprécision
   *[other] { $inaccuracies } imprécisions
}, { $mistakes ->
    [one] une erreur
   *[other] { $mistakes } erreurs
}, { $blunders ->
    [one] une gaffe
   *[other] { $blunders } gaffes
}
review-engine-depth = Moteur maître, profondeur { $depth }
review-start = Le début de la partie.
review-turn-class = { $class ->
    [best] Meilleur coup
    [good] Bon coup
    [inaccuracy] Imprécision
    [mistake] Erreur
   *[blunder] Gaffe
}{ $symbol } — { $lost } % perdus
review-better = Mieux : { $turn } ({ $score })
review-say-line = La meilleure suite, tour { $step } sur { $steps } : { $turn }.
review-show-line = Le montrer (Bas)
review-line-step = Le jouer : { $step } sur { $steps } (Bas)
review-line-end = Fin de la variante
review-line-back = Retour

analysis-not-a-position = Ce n'est pas une position : { $error }
analysis-not-playable = Cette position ne peut pas être jouée : { $error }.
analysis-to-move = { $side ->
    [white] Les Blancs jouent
   *[black] Les Noirs jouent
}
analysis-done = Terminé (E)
analysis-set-up = Composer une position (E)
analysis-close = Fermer (Échap)
analysis-copy = Copier la position (C)
analysis-score = { $score } pour les Blancs
analysis-depth-thinking = Moteur maître, profondeur { $depth } (recherche plus profonde…)
analysis-game-over = Aucun tour légal : la partie est finie ici.
analysis-back = < Reculer
analysis-forward = Avancer >
analysis-start = début
analysis-how = Jouez les coups des deux camps sur le plateau ; revenir en arrière et jouer un autre coup crée une variante.
analysis-set-up-how = Cliquez sur un point : vide, puis Blanc, puis Noir, puis de nouveau vide.
analysis-switch = Changer
analysis-empty = vide
analysis-paste = Ou collez le texte d'une position :
analysis-set = Placer
