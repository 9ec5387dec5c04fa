# Online play: the link to the game server, the lobby, online games. $name, $winner, $loser: a player's name; $error:
# words from the system (not translated); $turn: a turn in notation (e3-d3A), or a turn's number; $rating,
# $deviation: ratings, whole numbers; $variant: a board's name (tsivy, dimy, kept in every language); $time: a time
# control, minutes+seconds (5+3).

## Notices.
online-game-not-shown = The online game could not be shown: its turn { $turn } is not legal here.
online-draw-offered = { $name } offers a draw.
online-grace = { $name }'s time ran out while disconnected: the clock was given time once.
say-clock = { $seconds } seconds left on your clock.
online-garbage = The server sent something this game cannot read; it was ignored.
online-registered = Registered as { $name }: sign in with your name and password on any device.
online-signed-out = Signed out: you are a new guest on this device.
online-signed-in = Signed in as { $name }.
online-not-signed-in = Not signed in: no registered player has this name and password.
online-login-ended = Your online login had ended: you are a new guest now.
# $reason: taken (another player has the name) or invalid.
online-name-refused = The name “{ $name }” cannot be used: { $reason ->
    [taken] another player has it
   *[invalid] a name is 3 to 20 letters, digits, _ or -
}. The server chose one.

## The server's refusals, one for each reason it gives.
online-refusal-bad-json = The server could not read a message from this game.
online-refusal-unknown-type = The server does not know one of this game's requests: it may be older than the game.
online-refusal-bad-message = The server could not understand a request from this game.
online-refusal-too-large = A message from this game was too large for the server.
online-refusal-rate-limited = Too many requests too fast: wait a moment and try again.
online-refusal-hello-first = The server expected the game to greet it first.
online-refusal-already-greeted = The game had already greeted the server on this connection.
online-refusal-unsupported-protocol = This server speaks another version of the game's protocol: update the game or choose another server.
online-refusal-bad-token = Your online login is no longer valid.
online-refusal-bad-name = A name is 3 to 20 letters, digits, _ or -.
online-refusal-name-taken = Another player has that name.
online-refusal-bad-password = A password is 8 to 128 characters long.
online-refusal-bad-login = No registered player has this name and password.
online-refusal-already-registered = You are registered already.
online-refusal-unrated-variant = Only standard tsivy games can be rated.
online-refusal-bot-unrated = Games against a bot are never rated.
online-refusal-vela-variant = Vela is played on tsivy only.
online-refusal-not-found = That challenge or game is no longer there.
online-refusal-not-your-game = That game is not yours.
online-refusal-own-challenge = You cannot accept your own challenge.
online-refusal-not-your-turn = It is your opponent's turn.
online-refusal-wrong-ply = That turn was sent twice, or too late.
online-refusal-illegal-turn = The server found that turn illegal.
online-refusal-game-over = The game is over.
online-refusal-too-late-to-abort = Too late to abort: each side has played.
online-refusal-no-draw-offer = There is no draw offer to accept.
online-refusal-too-many-challenges = You have too many open challenges already.
online-refusal-login-throttled = Too many wrong passwords: wait a little, then try again.
online-refusal-too-many-guests = Too many new guests from your network lately: wait a while, or sign in.
online-refusal-guest-unrated = Rated games are for registered players: register this guest to play them.
online-refusal-puzzle-tried = This puzzle's result was sent already: a puzzle is rated once.
online-refusal-internal = The server had a problem: try again.

## The connection. $seconds: the wait before the next try; $attempt: its number; $was_online: yes or no.
online-link-offline = Offline.
online-link-connecting = Connecting to the server…
online-link-connected = Connected.
online-link-connected-as = Connected as { $name }.
online-link-waiting = { $was_online ->
    [yes] Connection lost.
   *[no] No connection to the server.
} Trying again in { $seconds } s (attempt { $attempt }).
online-problem-unreachable = The server cannot be reached.
online-problem-bad-address = The server's address is not a WebSocket address.
online-problem-cut = The connection was cut.
online-problem-closed = The server closed the connection.
online-problem-other = The connection failed: { $error }
online-problem-unexpected = The server answered the greeting with something this game does not expect.

## The lobby. $account: yes (signed in) or no (a guest); $count: a number; $rated, $rematch, $bot: yes or no.
online-title = Play online
online-you = You: { $name } ({ $account ->
    [yes] signed in
   *[no] guest
}) · rating { $rating } ± { $deviation }
online-account = Account
online-account-signed-in = Signed in as { $name }: sign in with your name and password on any other device.
online-sign-out = Sign out
online-account-guest = You play as a guest, on this device only. With a password you keep your name and rating anywhere.
online-name-label = Name:
online-name-hint = 3 to 20 letters, digits, _ or -
online-password-label = Password:
online-password-hint = 8 characters or more
online-register = Register this guest
online-register-hint = Keep this player, its games and rating, under this name
online-sign-in = Sign in
online-sign-in-hint = Play as a registered player
online-server-and-name = Server and name
online-server-label = Server:
online-name-by-server = chosen by the server
online-token-kept = Signed in on this device: you come back as the same player.
online-connect-again = Connect again
online-tab-play = Play
online-tab-watch = Watch ({ $count })
online-tab-profile = Your games
online-new-challenge = New challenge
online-create-challenge = Create challenge
online-open-challenges = Open challenges
online-asking = Asking the server…
online-profile-offline = Your online games are shown once connected.
online-back-to-menu = Back to the menu
online-rated-choice = Rated
online-rated-tsivy-only = Only tsivy is rated
online-rated-registered-only = Rated games are for registered players
online-rated = rated
online-unrated = unrated
online-time-label = Time:
# $minutes: minutes on each clock; $increment: seconds added after each turn.
online-time-hint = { $minutes ->
    [one] One minute each
   *[other] { $minutes } minutes each
}, { $increment } s added after each turn
online-no-games = Nobody is playing just now.
online-watch = Watch
online-turn-number = turn { $turn }
online-player = { $bot ->
    [yes] { $name } (bot) · { $rating }
   *[no] { $name } · { $rating }
}
online-versus = { $bot ->
    [yes] vs { $name } (bot) · { $rating }
   *[no] vs { $name } · { $rating }
}
# A finished game in the player's list. $verdict: won, lost or draw; $reason: how it ended (as in online-result).
online-finished = { $verdict ->
    [won] Won
    [lost] Lost
   *[draw] Draw
} ({ $reason ->
    [all_captured] all captured
    [no_legal_turn] no move
    [telo_line] telo
    [resignation] resigned
    [timeout] on time
    [fifty_turns] 50 turns
    [repetition] repetition
    [agreement] agreed
   *[aborted] aborted
})
online-profile-rating = Online rating { $rating } ± { $deviation } after { $count ->
    [one] one rated game
   *[other] { $count } rated games
}
online-rating-apart = Your rating against the computer is kept apart, in the menu.
online-no-finished-games = No finished games yet.
online-replay = Replay
online-replay-hint = Put the game on the board, to step through and review it
online-my-challenge = Your challenge, { $variant } { $time } · { $rated ->
    [yes] rated
   *[no] unrated
}: waiting for { $rematch ->
    [yes] your opponent to accept
   *[no] an opponent
}…
online-cancel = Cancel
online-copy-link = Copy link
online-copy-link-hint = Send it to a friend: it opens this challenge in a browser
online-no-challenges = None yet: create one, or send a friend a link to yours.
online-rematch-label = a rematch
online-yours = yours
online-accept = Accept

## An online game. $verdict: won, lost (the player's game), winner (a game watched: $winner won), aborted or draw.
online-playing = Online
online-watching = Watching
online-player-you = { $name } · { $rating } (you)
online-rematch-offered = { $name } offers a rematch.
online-rematch = Rematch
online-rematch-hint = The same game again: your opponent is asked
online-review = Review
online-review-hint = Step through the game with the engine's verdict on each turn
online-back-to-lobby = Back to the lobby
online-to-move = { $name } to move…
online-your-turn = Your turn
online-capture-again = Capture again with the same piece, or stop.
online-must-capture = A capture is possible, so you must capture.
# Space and Shift are the keys, the same in every language.
online-stop-here = Stop here (Space)
online-you-offered-draw = You offered a draw.
online-accept-draw = Accept the draw
online-offer-draw = Offer a draw
online-resign = Resign
online-resign-hint = Shortcut: Shift+Q
online-abort = Abort
online-abort-hint = End the game without result: before each side has played
online-flip-board = Flip board
online-game-over = Game over
online-look-at-board = Look at the board
online-result = { $verdict ->
    [won] You won
    [winner] { $winner } won
    [aborted] Aborted
   *[draw] Draw
}: { $reason ->
    [all_captured] { $loser } has no pieces left
    [no_legal_turn] { $loser } cannot move
    [telo_line] three in a line
    [resignation] { $loser } resigned
    [timeout] { $loser }'s time ran out
    [fifty_turns] 50 turns without a capture
    [repetition] the same position three times
    [agreement] agreed
   *[aborted] the game ended before it began
}.
# How a game the player lost ended, said to them. $reason: as in online-result.
online-you-lost = { $reason ->
    [all_captured] You lost: you have no pieces left
    [no_legal_turn] You lost: you cannot move
    [telo_line] You lost: three in a line
    [resignation] You resigned
    [timeout] You lost on time
   *[other] You lost
}.

## Correspondence games: days per turn, played now and then, with no connection too. $days, $hours, $minutes, $count:
## numbers; $left: a time left, such as "2 d 5 h"; $name: the opponent.
online-days-label = Days per turn:
online-days = { $days ->
    [one] 1 day
   *[other] { $days } days
}
online-days-per-turn = { $days ->
    [one] 1 day per turn
   *[other] { $days } days per turn
}
online-days-hint = { $days ->
    [one] A correspondence game: one day to answer each turn, in full again after every turn. Play when you can, with no connection too.
   *[other] A correspondence game: { $days } days to answer each turn, in full again after every turn. Play when you can, with no connection too.
}
online-correspondence-games = { $count ->
    [0] Your correspondence games
    [one] Your correspondence games: one waits for you
   *[other] Your correspondence games: { $count } wait for you
}
online-open-game = Open
online-against = { $bot ->
    [yes] against { $name } (bot) · { $rating }
   *[no] against { $name } · { $rating }
}
online-your-turn-left = Your turn · { $left } left
online-their-turn-left = { $name }'s turn · { $left } left
online-turn-unsent = Your turn waits to be sent
online-turn-unsent-long = Your turn is kept on this device and waits to be sent: it goes as soon as the server can be reached.
online-days-hours = { $days } d { $hours } h
online-hours-minutes = { $hours } h { $minutes } min
online-withdraw = Withdraw
online-decline = Decline
online-your-turn-against = Your turn against { $name }.
online-correspondence-ended = Your correspondence game against { $name } is over: see Your games.
online-turn-not-played = Your turn against { $name } was not played: { $reason ->
    [changed] the game went on without it. Here it is as it stands.
    [over] the game is over.
   *[other] the server refused it.
}

## Notifications of correspondence games (the web game): turned on for a device, and what the server sends. In the
## push-… messages, { $opponent } is the opponent's name, put in by the server.
online-notify-header = Notifications on this device
online-notify-hint = Be told of your correspondence games while the game is closed.
online-notify-turn = My turn
online-notify-challenge = A challenge to me
online-notify-result = A game's end
online-notify-reminder = Little time left to play
online-notify-on = Turn on
online-notify-off = Turn off
online-notify-state = { $state ->
    [on] On for this device.
    [off] Off for this device.
   *[asking] Asking the browser…
}
online-notify-denied = The browser blocks this site's notifications: allow them in its settings for this site, then turn them on again.
online-notify-unsupported = This browser cannot show notifications (on an iPhone, add the game to the home screen first).
online-notify-failed = Notifications could not be turned on: { $reason }
online-refusal-bad-subscription = The server cannot send notifications to this browser.
online-refusal-too-many-subscriptions = Notifications are on for five devices already: turn them off on one first.
push-title = Fanorona
push-turn = Your turn against { $opponent }
push-challenge = { $opponent } challenges you to a correspondence game
push-won = You won against { $opponent }
push-lost = You lost against { $opponent }
push-drawn = Your game against { $opponent } ended without a winner
push-reminder = Little time left to play against { $opponent }

## Vacation: days in which the player's clock stands still in their correspondence games.
online-vacation-header = { $on ->
    [yes] Vacation (under way)
   *[no] Vacation
}
online-vacation-hint = On vacation, your clock stands still in your correspondence games; your opponents' clocks do not. { $days } days a year.
online-vacation-under-way = On vacation: { $left } left.
online-vacation-end = End the vacation
online-vacation-days-left = { $days ->
    [one] One day of vacation left this year.
   *[other] { $days } days of vacation left this year.
}
online-vacation-take = { $days ->
    [one] Take one day off
   *[other] Take { $days } days off
}
online-on-vacation = on vacation
online-refusal-no-vacation-left = You do not have that many days of vacation left this year.
online-refusal-bad-report = The server could not take this report: report someone else, in a game they played, in a few words.
online-refusal-too-many-reports = You made many reports today already: the moderators read them first.
online-refusal-guest-report = A guest may report only the other player of a game they played: register this guest to report anyone.
online-refusal-blocked = One of you blocks the other: no game between you.
online-refusal-not-moderator = Only moderators may do this.
online-refusal-suspended = A moderator suspended your account for a while.
online-refusal-bad-tournament = The server refused these tournament settings.
online-refusal-too-many-tournaments = You have created as many tournaments as you may for now: wait for one to end, or until tomorrow.
online-refusal-registered-only = Register this guest to create tournaments.
online-refusal-tournament-over = That tournament is over.
online-refusal-wrong-password = That is not this tournament's password.
online-warned = A moderator warns you: { $reason }

## The player's own data. $games: a number; $file: a file's name or path.
online-data-header = Your data
online-data-hint = What the server keeps about you: your account and every game you played.
online-data-download = Download my data
online-data-downloading = Downloading your data: { $games ->
    [one] one game
   *[other] { $games } games
} so far…
online-data-saved = Your data ({ $games ->
    [one] one game
   *[other] { $games } games
}) was saved as { $file }.
online-data-downloaded = Your data ({ $games ->
    [one] one game
   *[other] { $games } games
}) was downloaded as { $file }.
online-delete-account = Delete my account…
online-delete-question = Delete your account for good? Your games in progress are resigned; your finished games stay for your opponents, without your name. This cannot be undone.
online-delete-password = Your password:
online-delete-confirm = Delete for good
online-delete-keep = Keep my account
online-account-deleted = Your account was deleted: you are a new guest on this device.

## Reporting a player to the moderators, blocking one. $name: a player's name.
online-report-header = Report or block { $name }
online-report-reason = Why:
online-report-name = An insulting name
online-report-cheating = Help from a program or another person
online-report-stalling = Lets the clock run instead of playing
online-report-other = Something else
online-report-note = What happened (optional)
online-report-send = Send to the moderators
online-reported = Your report was sent to the moderators.
online-block = Block { $name }
online-block-hint = Neither of you sees the other's challenges, nor can play the other.
online-blocked-player = You block { $name } now.
online-unblocked-player = You no longer block { $name }.
online-blocked-list = Players you block:
online-unblock = Unblock

## The moderators' screen. $reporter, $player: players' names; $actions, $matched, $complex, $games: numbers;
## $accuracy: a number with one decimal.
online-tab-moderation = Reports
online-moderation-reason = Your reason, for the log (a warning's is shown to the player):
online-moderation-empty = No open report, no player flagged.
online-moderation-more = More reports
online-report-line = { $reporter } reports { $player }
online-report-history = { $actions ->
    [0] no earlier moderator action
    [one] one earlier moderator action
   *[other] { $actions } earlier moderator actions
}
online-flag-line = { $player }: the engine's choice { $matched } times in { $complex } complex positions, accuracy { $accuracy }, over { $games } games
online-moderate-warn = Warn
online-moderate-suspend = Suspend a week
online-moderate-close = Close the account
online-moderate-dismiss = Nothing to do
online-moderate-cancel-tournament = Cancel this event
online-moderated = Done: { $name }.
online-tab-tournaments = Tournaments
online-tournaments-none = No tournaments yet.
online-tournaments-upcoming = To come
online-tournaments-running = Under way
online-tournaments-finished = Finished
online-tournaments-older = Older tournaments
online-tournament-arena = Arena, { $minutes } min
online-tournament-swiss = Swiss, { $rounds } rounds
online-tournament-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
online-tournament-private = private
online-tournament-starts = starts in { $time }
online-tournament-join = Join
online-tournament-withdraw = Withdraw
online-tournament-standings = Standings
online-tournament-password = Password of a private event
online-tournament-your-place = You are { $rank } of { $count }.
online-tournament-on-fire = on fire
online-tournament-withdrawn = withdrawn
online-tournament-games = { $count ->
    [one] { $count } game
   *[other] { $count } games
}
online-tournament-call = Your tournament game against { $name }
online-tournament-begins = The game begins in { $seconds } s
online-tournament-begun = It has begun: the clock runs.
online-tournament-go = Go to the game
online-tournament-not-now = Not now
online-tournament-not-now-hint = The game goes on without you; the lobby keeps a button to go to it.
online-tournament-game = Tournament game
online-tournament-next = Your next game in this tournament, if there is one, starts by itself.
online-crosstable-bye = The bye: a point without a game
# A Swiss crosstable's colour letters: "1 w3" is a win with White against the third.
online-crosstable-white = w
online-crosstable-black = b
online-crosstable-games = Games
online-crosstable-player = Player
online-crosstable-points = Score
say-tournament-call = Your tournament game against { $name } begins. Go to it now?
say-tournament-game = Your tournament game against { $name }: it begins in { $seconds } seconds.
online-tournament-new = Create a tournament
online-tournament-name = Name
online-tournament-starts-label = Starts in:
online-minutes = { $minutes } min
online-tournament-new-password = Password
online-tournament-new-password-hint = empty: open to all
online-tournament-password-length = A private event's password has { $least } to { $most } characters.
online-tournament-create = Create the tournament
online-tournament-name-first = Give it a name first.
