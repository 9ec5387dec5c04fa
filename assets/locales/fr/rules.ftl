# La page des règles du jeu : les règles écrites pour les joueurs, en sections, certaines avec un petit schéma et sa
# légende. Les noms des points (c3), les coups (c1-c2A) et les lettres A (approche) et W (éloignement) sont les mêmes
# dans toutes les langues.

rules-title = Règles du jeu
rules-intro = Le fanorona est le jeu de plateau national de Madagascar : deux joueurs, les Blancs et les Noirs, prennent les pions de l'adversaire en s'approchant d'eux ou en s'en éloignant.

rules-board-heading = Le plateau
rules-board-lattice = Le fanorona se joue sur les points d'un quadrillage, là où les lignes se croisent. Les pions se tiennent sur les points et se déplacent le long des lignes.
rules-board-points = Là où les diagonales se croisent se trouve un point fort (dessiné plus gros) : huit lignes s'y rejoignent. Les autres points sont faibles : seulement quatre lignes, horizontales et verticales.
rules-board-caption = Le fanoron-dimy, 5×5

rules-setup-heading = La mise en place
rules-setup-text = Chaque camp a 22 pions sur le plateau de 9×5 du fanoron-tsivy. Ils remplissent tout le plateau sauf le point central ; sur la rangée du milieu, ils alternent. Les Blancs jouent en premier.
rules-setup-caption = Le début d'une partie de fanoron-tsivy

rules-moving-heading = Les déplacements
rules-moving-text = À son tour, on déplace un de ses pions d'un pas le long d'une ligne jusqu'au point suivant, qui doit être libre. Un pas qui ne prend rien s'appelle un paika.

rules-approach-heading = La prise par approche
rules-approach-text = Avancez vers un pion adverse de façon à vous arrêter juste à côté de lui, sur la même ligne : il est pris, ainsi que tous les pions adverses placés juste derrière lui sur cette ligne, jusqu'au premier point vide ou au premier de vos pions.
rules-approach-caption = c1-c2A prend c3 et c4

rules-withdrawal-heading = La prise par éloignement
rules-withdrawal-text = Éloignez votre pion tout droit d'un pion adverse voisin : celui-ci est pris, avec les pions adverses qui le suivent en ligne derrière lui. Quand un même pas peut prendre des deux façons, c'est vous qui choisissez la ligne à prendre.
rules-withdrawal-caption = c2-c1W prend c3 et c4

rules-chains-heading = Les enchaînements
rules-chains-text = Après une prise, le même pion peut prendre encore, et encore : c'est un enchaînement de prises. Pendant le tour, il ne peut pas revenir sur un point où il est déjà passé, ni faire deux pas de suite dans la même direction. Vous pouvez arrêter un enchaînement quand vous le voulez (S'arrêter ici).
rules-chains-caption = a1-b1A-b2A-c2A : trois prises en un seul tour

rules-compulsory-heading = La prise est obligatoire
rules-compulsory-text = Si l'un de vos pions peut prendre, vous devez prendre (avec n'importe quel pion qui le peut, et de l'une ou l'autre façon). C'est seulement quand aucune prise n'est possible que vous pouvez faire un paika. Le plateau entoure les pions qui peuvent bouger.

rules-winning-heading = Gagner, et la partie nulle
rules-winning-text = Vous gagnez quand l'adversaire n'a plus de pions, ou n'a plus de coup permis. La partie est nulle après 50 tours de suite sans prise, ou quand la même position revient pour la troisième fois.

rules-notation-heading = La notation
rules-notation-text = Les colonnes sont des lettres, à partir de a à gauche, et les rangées des nombres, à partir de 1 du côté des Blancs. Un paika s'écrit e2-e3 ; une prise ajoute A (approche) ou W (éloignement, « withdrawal » en anglais) : f2-e3A. Un enchaînement continue depuis le dernier point : e3-d3A-c4W. Au telo, une pose s'écrit avec le point seul : b2.

rules-variants-heading = Les variantes et la vela
rules-variants-dimy = Le fanoron-tsivy (9×5) est le jeu complet ; le fanoron-dimy (5×5, 12 pions chacun) est une version plus courte, avec les mêmes règles.
rules-variants-telo = Le fanoron-telo (3×3) est le jeu avec lequel les enfants apprennent : chaque joueur pose trois pions, puis les déplace d'un pas à la fois ; celui qui aligne les trois gagne. On n'y prend rien.
rules-variants-vela = La vela est le handicap traditionnel : après une défaite, le gagnant de la partie précédente ne peut jouer que des paika (aucune prise) jusqu'à ce qu'il ait perdu 17 pions. Les parties en vela ne sont jamais classées.

rules-keyboard-heading = Le clavier
rules-tutorial = Le tutoriel, dans le menu principal, enseigne tout cela sur le plateau, pas à pas.
