# La partie sur le plateau : enregistrer et ouvrir des parties, et pourquoi un pion lâché sur un point ne peut pas y
# aller.

game-saved = Partie enregistrée.
game-none-saved = Il n'y a pas encore de partie enregistrée.
game-not-opened = Cette partie n'a pas pu être ouverte : { $error }
game-not-autosaved = La partie n'a pas pu être enregistrée automatiquement : { $error }
game-saved-as = La partie a été enregistrée sous { $file }.
game-downloaded = La partie a été téléchargée sous le nom { $file }.
game-not-downloaded = La partie n'a pas pu être téléchargée : { $error }
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
drop-same-direction = { $from } ne peut pas aller en { $to } : une rafle ne peut pas aller deux fois de suite dans la même direction.
drop-other-piece = { $from } ne peut pas aller en { $to } : la rafle continue avec le pion en { $point }.
drop-paika-in-chain = { $from } ne peut pas aller en { $to } : une rafle ne continue que par des prises.
