# Online play: the link to the game server, the lobby, online games. $name: a player's name; $error, $message: words
# from the system or the server (not translated).

online-game-not-shown = The online game could not be shown: { $error }.
online-draw-offered = { $name } offers a draw.
online-grace = { $name }'s time ran out while disconnected: the clock was given time once.
online-refused = The server refused: { $message }.
online-garbage = The server sent something this game cannot read; it was ignored.
online-registered = Registered as { $name }: sign in with your name and password on any device.
online-signed-out = Signed out: you are a new guest on this device.
online-signed-in = Signed in as { $name }.
online-not-signed-in = Not signed in: { $message }.
online-login-ended = Your online login had ended: you are a new guest now.
online-name-refused = The name “{ $name }” cannot be used: { $message }. The server chose one.
