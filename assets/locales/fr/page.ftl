# The web page around the game (web/index.html, web/light.js): see en/page.ftl.
page-loading = Chargement de Fanorona…
page-progress = { $percent } % sur { $megabytes } Mo
page-preparing = Préparation du jeu…
page-starting = Démarrage…
light-downloading = Le jeu complet se télécharge : { $percent } % sur { $megabytes } Mo.
light-full-ready = Le jeu complet est prêt.
light-open-full = Continuer dans le jeu complet
light-no-webgl2 = Ce navigateur ne peut pas afficher le jeu complet (il lui faut WebGL2) : jouez ici.
light-full-failed = Le jeu complet n'a pas pu démarrer ({ $error }) : jouez ici.
