# Le tutoriel : ses quatre leçons (la consigne de chaque étape, ce qui est dit après un coup qui ne convient pas et
# quand l'étape est réussie) et le panneau à côté du plateau. Les noms des points (c3), les coups (c1-c2A) et les
# lettres A et W sont les mêmes dans toutes les langues.

## Les leçons.

lesson-board-title = Le plateau
lesson-board-points = Au fanorona, on joue sur les points où les lignes se croisent, et un pion avance d'un pas le long d'une ligne jusqu'au point suivant, s'il est libre : regardez le plateau, puis appuyez sur Suivant.
lesson-board-strong = Le point marqué c3 est un point fort, où se rejoignent huit lignes : déplacez le pion blanc d'un pas le long de l'une d'elles.
lesson-board-strong-done = Bien : depuis un point fort, un pion peut aller dans huit directions.
lesson-board-weak = b3 est un point faible, où ne se rejoignent que quatre lignes (pas de diagonale) : déplacez le pion de b3 vers un point fort voisin.
lesson-board-weak-wrong = C'est aussi un point faible : les points forts sont là où les diagonales se croisent, comme a3 et c3.
lesson-board-weak-done = Exact : sur chaque ligne, points forts et points faibles alternent.

lesson-telo-title = Le fanoron-telo
lesson-telo-intro = Le fanoron-telo se joue sur un plateau de 3×3 : chaque joueur pose trois pions, puis les déplace d'un pas à la fois, et celui qui aligne les trois gagne ; appuyez sur Suivant.
lesson-telo-place = Posez votre troisième pion de façon à aligner trois pions blancs sur une ligne.
lesson-telo-place-wrong = Pas encore d'alignement : trouvez le point libre qui complète une ligne passant par vos deux pions.
lesson-telo-place-done = Trois pions alignés : vous gagnez !
lesson-telo-move = Les six pions sont posés, il faut donc maintenant les déplacer : avancez un pion d'un pas le long d'une ligne pour en aligner trois.
lesson-telo-move-wrong = Cela n'aligne rien : quel pion peut rejoindre les deux de la rangée du bas ?
lesson-telo-move-done = Trois pions alignés en se déplaçant : vous gagnez !
lesson-telo-game = Jouez maintenant une partie entière contre un ordinateur bienveillant : vous avez les Blancs et posez le premier pion ; Indice montre un bon coup.

lesson-capture-title = Les prises
lesson-capture-approach = Prise par approche : avancez c1 en c2, tout contre le pion noir, pour le prendre, ainsi que le pion juste derrière lui sur la même ligne.
lesson-capture-approach-wrong = Déplacez le pion de c1 en c2.
lesson-capture-approach-done = Les deux pions de la ligne ont été pris par approche.
lesson-capture-withdrawal = Prise par éloignement : éloignez c2 du pion noir qui le touche en reculant tout droit jusqu'en c1, et les pions noirs de cette ligne sont pris.
lesson-capture-withdrawal-wrong = Reculez le pion de c2 jusqu'en c1.
lesson-capture-withdrawal-done = Prise par éloignement : s'éloigner prend aussi.
lesson-capture-choice = Aller de c3 en c4 permet de prendre de deux façons (en s'approchant de c5 ou en s'éloignant de c2), c'est donc à vous de choisir : faites la plus grosse prise.
lesson-capture-choice-wrong = Cela n'a pris qu'un pion, alors qu'en vous éloignant de c2 vous en auriez pris deux : quand vous avez le choix, comptez d'abord.
lesson-capture-choice-done = Deux pions : vous avez choisi la plus grosse prise.
lesson-capture-chain = Après une prise, le même pion peut prendre à nouveau : c'est un enchaînement de prises. Prenez avec a1 et continuez tant qu'il reste une prise à faire.
lesson-capture-chain-wrong = L'enchaînement pouvait continuer : prenez avec le même pion jusqu'à ce qu'il ne reste plus aucune prise.
lesson-capture-chain-done = Trois prises en un seul tour !
lesson-capture-chain-rules = Pendant un enchaînement, le pion ne peut ni revenir sur un point déjà visité, ni faire deux pas de suite dans la même direction, et le plateau ne propose que les pas permis ; appuyez sur Suivant.
lesson-capture-stop = Vous pouvez arrêter un enchaînement quand vous le voulez : prenez avec a1, puis appuyez tout de suite sur S'arrêter ici (ou sur Espace).
lesson-capture-stop-wrong = Cette fois, arrêtez-vous juste après la première prise, avec S'arrêter ici ou la touche Espace.
lesson-capture-stop-done = Vous vous êtes arrêté : continuer mène parfois droit au danger.
lesson-capture-compulsory = Quand une prise est possible, il faut prendre, et seuls les pions entourés peuvent bouger : faites la prise.
lesson-capture-compulsory-wrong = Prenez avec le pion entouré.
lesson-capture-compulsory-done = La prise passe avant tout : c'est seulement quand il n'y en a aucune qu'un pion peut simplement se déplacer.
lesson-capture-paika = Quand aucune prise n'est possible nulle part sur le plateau, n'importe quel pion peut faire un simple pas, appelé paika : faites-en un.
lesson-capture-paika-done = Un paika : un pas tranquille qui ne prend rien.
lesson-capture-ending = Vous gagnez en prenant tous les pions adverses, ou quand votre adversaire n'a plus de coup permis ; 50 tours de suite sans prise, ou la même position trois fois, et la partie est nulle ; appuyez sur Suivant.

lesson-tsivy-title = La partie complète
lesson-tsivy-intro = Le fanoron-tsivy, le jeu complet, se joue avec 22 pions par camp sur un plateau de 9×5 ; au départ, seul le point central e3 est libre ; appuyez sur Suivant.
lesson-tsivy-opening = Les Blancs commencent, et le premier coup doit être une prise : faites l'une des cinq prises d'ouverture.
lesson-tsivy-opening-done = C'est ainsi que commence chaque partie de fanorona.
lesson-tsivy-game = Pour finir, jouez une partie entière de fanoron-dimy sur 5×5 contre un ordinateur bienveillant ; Indice est là si vous en avez besoin.

lesson-game-won = Vous avez gagné la partie !
lesson-game-lost = L'ordinateur a gagné cette fois-ci. Réessayez, ou continuez avec Suivant.
lesson-game-drawn = Partie nulle. Réessayez pour gagner, ou continuez avec Suivant.

lesson-note-chain = Pendant un enchaînement, seul le pion qui prend continue : prenez encore avec lui, ou appuyez sur S'arrêter ici.
lesson-note-must-capture = Ce pion ne peut rien prendre, alors qu'une prise est possible : vous devez prendre avec un pion entouré.
lesson-note-blocked = Ce pion n'a aucun point libre à côté de lui le long d'une ligne.

## Le panneau du tutoriel. Les lettres entre parenthèses sont les touches, les mêmes dans toutes les langues.

tutorial-heading = Apprendre à jouer
tutorial-lesson = Leçon { $number } : { $title }
tutorial-lesson-choice = { $done ->
    [yes] { $number }. { $title } (terminée)
   *[no] { $number }. { $title }
}
tutorial-step = Étape { $step } sur { $steps }
tutorial-finished = Vous avez terminé toutes les leçons : vous savez jouer au fanorona !
tutorial-play-tsivy = Jouer au tsivy contre le débutant
tutorial-wrong = Pas tout à fait. { $why }
tutorial-thinking = L'ordinateur réfléchit…
tutorial-stop-here = S'arrêter ici (Espace)
tutorial-next = Suivant (N)
tutorial-try-again = Réessayer (T)
tutorial-hint = Indice (H)
tutorial-give-up = Abandonner
tutorial-restart-lesson = Recommencer la leçon
tutorial-leave = Quitter le tutoriel
