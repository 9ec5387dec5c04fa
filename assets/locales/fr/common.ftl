# Les mots de plusieurs parties du jeu : les camps, les plateaux, les niveaux de l'ordinateur, la langue, les avis
# sur les fichiers. Le vocabulaire du jeu est dans docs/GLOSSARY.md.

language-unknown = La langue « { $code } » de vos paramètres n'est pas une langue du jeu : l'anglais est utilisé.

file-unreadable = { $what ->
    [settings] Vos paramètres n'ont pas pu être lus : { $error }
    [profile] Votre classement et vos progrès dans le tutoriel n'ont pas pu être lus : { $error }
    [correspondence] Vos parties par correspondance gardées sur cet appareil n'ont pas pu être lues : { $error }
   *[game] Une partie enregistrée n'a pas pu être lue : { $error }
}
file-kept-aside = { $what ->
    [settings] Vos paramètres n'ont pas pu être lus ({ $problem }). Ils ont été gardés sous le nom { $aside }.
    [profile] Votre classement et vos progrès dans le tutoriel n'ont pas pu être lus ({ $problem }). Ils ont été gardés sous le nom { $aside }.
    [correspondence] Vos parties par correspondance gardées sur cet appareil n'ont pas pu être lues ({ $problem }). Elles ont été gardées sous le nom { $aside }.
   *[game] Une partie enregistrée n'a pas pu être lue ({ $problem }). Elle a été gardée sous le nom { $aside }.
}
file-not-text = { $what ->
    [settings] Vos paramètres n'ont pas pu être lus (le fichier n'est pas du texte). Ils ont été gardés sous le nom { $aside }.
    [profile] Votre classement et vos progrès dans le tutoriel n'ont pas pu être lus (le fichier n'est pas du texte). Ils ont été gardés sous le nom { $aside }.
    [correspondence] Vos parties par correspondance gardées sur cet appareil n'ont pas pu être lues (le fichier n'est pas du texte). Elles ont été gardées sous le nom { $aside }.
   *[game] Une partie enregistrée n'a pas pu être lue (le fichier n'est pas du texte). Elle a été gardée sous le nom { $aside }.
}
file-not-saved = { $what ->
    [settings] Vos paramètres n'ont pas pu être enregistrés : { $error }
    [profile] Votre classement et vos progrès dans le tutoriel n'ont pas pu être enregistrés : { $error }
    [correspondence] Vos parties par correspondance n'ont pas pu être gardées sur cet appareil : { $error }
    [data] Vos données n'ont pas pu être enregistrées : { $error }
   *[game] La partie n'a pas pu être enregistrée : { $error }
}
file-not-downloaded = { $what ->
    [data] Vos données n'ont pas pu être téléchargées : { $error }
   *[game] La partie n'a pas pu être téléchargée : { $error }
}
file-no-folder = { $what ->
    [data] Vos données n'ont pas pu être enregistrées : il n'y a pas de dossier où les enregistrer.
   *[game] La partie n'a pas pu être enregistrée : il n'y a pas de dossier où enregistrer les parties.
}
file-folder-full = { $what ->
    [data] Vos données n'ont pas pu être enregistrées : { $folder } contient déjà trop de fichiers de ce genre.
   *[game] La partie n'a pas pu être enregistrée : { $folder } contient déjà trop de fichiers de partie.
}

copied-position = Copié : { $position }
copied-game = La partie ({ $turns ->
    [one] un tour
   *[other] { $turns } tours
}) a été copiée comme texte de partie.
copied-link = Copié : { $link }

level-name = { $level ->
    [beginner] Débutant
    [casual] Amateur
    [classic] Classique
    [strong] Fort
   *[master] Maître
}
level-about = { $level ->
    [beginner] Voit les prises, mais se trompe souvent
    [casual] Regarde deux tours à l'avance
    [classic] L'ordinateur classique : quatre coups à l'avance, le nombre de pions puis la mobilité
    [strong] Recherche alpha-bêta complète, quatre tours de profondeur
   *[master] Le moteur complet ; parfait au fanoron-telo
}
side-name = { $side ->
    [white] Blancs
   *[black] Noirs
}

how-to-play = Règles du jeu

# L'ouverture de la partie, montrée avec ses coups. $name : le nom que les joueurs lui donnent (opening-name).
opening-line = Ouverture : { $name }
# The names players give White's first turns of tsivy, the same in every language. $opening: vaky-loha, fohy or
# kobana.
opening-name = { $opening ->
    [vaky-loha] Vaky loha
    [fohy] Fohy
   *[kobana] Kobana
}
