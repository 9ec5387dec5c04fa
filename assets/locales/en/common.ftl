# Words used in more than one area: the sides, the boards, the computer's levels, the language setting, the
# persistence notices. Variables: $code is a language code as the settings file has it.

language-unknown = The language "{ $code }" in your settings is not one this game speaks: English is used.

# The player's files. $what: settings, profile (rating and tutorial progress) or game (a saved game); $error and
# $problem: what the system or the file's reader said (not translated); $aside: where the file was kept.
file-unreadable = { $what ->
    [settings] Your settings could not be read: { $error }
    [profile] Your rating and tutorial progress could not be read: { $error }
    [correspondence] Your correspondence games kept on this device could not be read: { $error }
   *[game] A saved game could not be read: { $error }
}
file-kept-aside = { $what ->
    [settings] Your settings could not be read ({ $problem }). They were kept as { $aside }.
    [profile] Your rating and tutorial progress could not be read ({ $problem }). They were kept as { $aside }.
    [correspondence] Your correspondence games kept on this device could not be read ({ $problem }). They were kept as { $aside }.
   *[game] A saved game could not be read ({ $problem }). It was kept as { $aside }.
}
file-not-text = { $what ->
    [settings] Your settings could not be read (the file is not text). They were kept as { $aside }.
    [profile] Your rating and tutorial progress could not be read (the file is not text). They were kept as { $aside }.
    [correspondence] Your correspondence games kept on this device could not be read (the file is not text). They were kept as { $aside }.
   *[game] A saved game could not be read (the file is not text). It was kept as { $aside }.
}
file-not-saved = { $what ->
    [settings] Your settings could not be saved: { $error }
    [profile] Your rating and tutorial progress could not be saved: { $error }
    [correspondence] Your correspondence games could not be kept on this device: { $error }
    [data] Your data could not be saved: { $error }
   *[game] The game could not be saved: { $error }
}
file-not-downloaded = { $what ->
    [data] Your data could not be downloaded: { $error }
   *[game] The game could not be downloaded: { $error }
}
file-no-folder = { $what ->
    [data] Your data could not be saved: there is no folder to save it in.
   *[game] The game could not be saved: there is no folder to save games in.
}
file-folder-full = { $what ->
    [data] Your data could not be saved: { $folder } has too many such files already.
   *[game] The game could not be saved: { $folder } has too many game files already.
}

# Copying to the clipboard. $position: a position's text; $link: a challenge's address; $turns: a number.
copied-position = Copied: { $position }
copied-game = Copied the game ({ $turns ->
    [one] one turn
   *[other] { $turns } turns
}) as game text.
copied-link = Copied: { $link }

# The computer's levels, as a label and as a short description. $level: beginner, casual, classic, strong, master.
level-name = { $level ->
    [beginner] Beginner
    [casual] Casual
    [classic] Classic
    [strong] Strong
   *[master] Master
}
level-about = { $level ->
    [beginner] Sees captures, but blunders often
    [casual] Looks two turns ahead
    [classic] The classic computer: four moves ahead, pieces then mobility
    [strong] Full alpha-beta search, four turns deep
   *[master] The full engine; perfect in telo
}
# A side, alone (a label or a button). $side: white or black.
side-name = { $side ->
    [white] White
   *[black] Black
}

# The how-to-play page, as buttons and titles everywhere name it.
how-to-play = How to play

# The opening of the game shown with its moves. $name: the name players give it (opening-name).
opening-line = Opening: { $name }
# The names players give White's first turns of tsivy, the same in every language. $opening: vaky-loha, fohy or
# kobana.
opening-name = { $opening ->
    [vaky-loha] Vaky loha
    [fohy] Fohy
   *[kobana] Kobana
}
