//! The game's systems, headless: an `App` with the logic plugins and no window, driven by the same messages a click
//! or a button produces.

use crate::common::*;
use bevy::prelude::*;
use fanorona::audio::{Jingle, SoundCue};
use fanorona::board::BoardBackground;
use fanorona::game::commands::{GameCommand, OpenGame, PendingConfirmation, Question};
use fanorona::game::computer::Thinking;
use fanorona::game::files::GameFileCommand;
use fanorona::game::hand_over::{self, HandedOver};
use fanorona::game::person::TurnCommand;
use fanorona::game::saving::{AUTOSAVE_FILE, CanContinue};
use fanorona::game::session::{GameEnded, PlayerKind};
use fanorona::persistence::settings::{Opponent, SETTINGS_FILE, Settings, SideChoice};
use fanorona::persistence::storage::Notices;
use fanorona::review::REVIEW_GAME;
use fanorona::screens::{AppState, ShowMenu};
use fanorona_ai::Level;
use fanorona_rules::{CaptureKind, DrawReason, Outcome, Position, Side, Variant, WinReason};

#[test]
fn the_five_tsivy_openings_are_played_with_clicks() {
    for (from, to, kind, expected) in [
        ("d2", "e3", None, "d2-e3A"),
        ("e2", "e3", None, "e2-e3A"),
        ("f2", "e3", None, "f2-e3A"),
        ("f3", "e3", Some(CaptureKind::Approach), "f3-e3A"),
        ("f3", "e3", Some(CaptureKind::Withdrawal), "f3-e3W"),
    ] {
        let mut app = app();
        start_with(&mut app, humans);
        click(&mut app, from);
        assert_eq!(session(&app).selected, Some(from.parse().unwrap()));
        click(&mut app, to);
        if let Some(kind) = kind {
            assert!(session(&app).choice.is_some(), "{expected}: a choice is offered");
            turn_command(&mut app, TurnCommand::Choose(kind));
        }
        assert_eq!(turns(&app), [expected]);
        assert_eq!(session(&app).position().side_to_move(), Side::Black);
        assert!(session(&app).last_turn.is_some());
        assert_pieces_match(&mut app);
    }
}

#[test]
fn a_chain_continues_and_stops_here_on_request() {
    let mut app = app();
    start_with(&mut app, humans);
    // c3-d3A can go on with d3-d4A; the player stops after the first capture.
    set_position(&mut app, "3b5/9/2w1b4/9/9 w", HUMANS);
    click(&mut app, "c3");
    click(&mut app, "d3");
    assert!(turns(&app).is_empty(), "the turn goes on");
    assert!(session(&app).builder.can_stop());
    assert_eq!(session(&app).selected, Some("d3".parse().unwrap()));
    // A click on a point that is not a continuation does nothing.
    click(&mut app, "a1");
    click(&mut app, "c3");
    assert!(turns(&app).is_empty());
    turn_command(&mut app, TurnCommand::Stop);
    assert_eq!(turns(&app), ["c3-d3A"]);
    assert_pieces_match(&mut app);

    // The same chain played to its end finishes by itself.
    set_position(&mut app, "3b5/9/2w1b4/9/9 w", HUMANS);
    for p in ["c3", "d3", "d4"] {
        click(&mut app, p);
    }
    assert_eq!(turns(&app), ["c3-d3A-d4A"]);
    assert_eq!(session(&app).outcome(), Some(Outcome::win(Side::White, WinReason::AllCaptured)));
    assert_pieces_match(&mut app);
}

#[test]
fn an_approach_or_withdrawal_choice_is_made_by_clicking_a_line() {
    let mut app = app();
    start_with(&mut app, humans);
    set_position(&mut app, "bbbbbbbbb/9/3bw1bbb/wwwwwwwww/wwwwwwwww w", HUMANS);
    click(&mut app, "e3");
    click(&mut app, "f3");
    assert!(session(&app).choice.is_some());
    assert!(turns(&app).is_empty(), "nothing is guessed");
    // Clicking a piece of the approach line (h3) chooses approach; the chain could go on (f3-f4A), the player stops.
    click(&mut app, "h3");
    assert_eq!(session(&app).board().pieces(Side::Black).len(), 10);
    turn_command(&mut app, TurnCommand::Stop);
    assert_eq!(turns(&app), ["e3-f3A"]);
    assert_pieces_match(&mut app);
}

#[test]
fn clicks_anywhere_at_any_time_are_safe() {
    let mut app = app();
    start_with(&mut app, humans);
    let points: Vec<String> = Variant::Tsivy.points().iter().map(|p| p.to_string()).collect();
    // Click every point in turn, twice, with cancels and stops in between: every resulting state is legal.
    for round in 0..2 {
        for p in &points {
            click(&mut app, p);
            if round == 1 {
                turn_command(&mut app, TurnCommand::Stop);
            }
            let s = session(&app);
            assert!(s.position().to_string().parse::<Position>().is_ok());
        }
        turn_command(&mut app, TurnCommand::Cancel);
    }
    // Every turn that was played is legal by replaying.
    let game = session(&app).game();
    assert_eq!(
        fanorona_rules::GameRecord::of_game(game).replay().map(|g| g.turns().to_vec()),
        Ok(game.turns().to_vec())
    );
    assert_pieces_match(&mut app);
}

#[test]
fn the_computer_replies_and_its_turn_is_animated_to_the_end() {
    let mut app = app();
    start_with(&mut app, |s| {
        s.opponent = Opponent::Computer;
        s.side = SideChoice::White;
        s.level = Level::Beginner;
        s.variant = Variant::Tsivy;
        s.vela = false;
    });
    assert_eq!(session(&app).players, [PlayerKind::Human, PlayerKind::Computer(Level::Beginner)]);
    click(&mut app, "e2");
    click(&mut app, "e3");
    assert_eq!(turns(&app).len(), 2, "the computer answered: {:?}", turns(&app));
    assert_eq!(session(&app).position().side_to_move(), Side::White);
    assert_pieces_match(&mut app);

    // Undo takes back the computer's reply too; redo plays both again.
    command(&mut app, GameCommand::Undo);
    assert!(turns(&app).is_empty());
    assert_pieces_match(&mut app);
    command(&mut app, GameCommand::Redo);
    assert_eq!(turns(&app).len(), 2);
    assert_pieces_match(&mut app);
}

/// The computer thinks on the person's time about the reply it expects: a right guess answers from that search, a
/// wrong one is dropped and searched afresh; with the setting off it does not.
#[test]
fn the_computer_thinks_on_the_persons_time() {
    let mut app = app();
    start_with(&mut app, humans);
    // On by default with three cores or more only.
    app.world_mut().resource_mut::<Settings>().ponder = true;
    let middle = "bbbbb2bb/bbbbb1bbb/wbw1wb1wb/www1wwwww/www1wwwww b";
    let players = [PlayerKind::Human, PlayerKind::Computer(Level::Strong)];
    set_position(&mut app, middle, players);
    assert_eq!(turns(&app).len(), 1, "the computer played first");
    let guess = app.world().resource::<Thinking>().ponder_guess().unwrap_or_else(|| panic!("no pondering"));
    play(&mut app, &guess.to_string());
    assert_eq!(turns(&app).len(), 3, "the computer answered: {:?}", turns(&app));
    assert_eq!(app.world().resource::<Thinking>().ponder_hits(), 1);
    assert_pieces_match(&mut app);
    // A reply it did not expect: searched afresh.
    let guess = app.world().resource::<Thinking>().ponder_guess().unwrap_or_else(|| panic!("no pondering"));
    let other = session(&app).game().legal_turns().into_iter().find(|&t| t != guess);
    play(&mut app, &other.unwrap_or_else(|| panic!("one reply only")).to_string());
    assert_eq!(turns(&app).len(), 5, "the computer answered: {:?}", turns(&app));
    assert_eq!(app.world().resource::<Thinking>().ponder_hits(), 1);
    // Not with the setting off, nor between two computers (each answers at once).
    app.world_mut().resource_mut::<Settings>().ponder = false;
    set_position(&mut app, middle, players);
    assert_eq!(turns(&app).len(), 1);
    assert_eq!(app.world().resource::<Thinking>().ponder_guess(), None);
}

/// The master opens from its book: the book's turn, at once (no node searched).
#[test]
fn the_master_opens_from_its_book() {
    let mut app = app();
    start_with(&mut app, |s| {
        s.opponent = Opponent::Computer;
        s.side = SideChoice::Black;
        s.level = Level::Master;
        s.variant = Variant::Tsivy;
        s.vela = false;
    });
    let start = Position::start(Variant::Tsivy);
    let entry = fanorona_ai::Book::builtin().probe(&start).unwrap_or_else(|| panic!("the start is in the book"));
    assert_eq!(turns(&app), vec![entry.turn.to_string()]);
    let result = app.world().resource::<Thinking>().last_result().map(|r| (r.nodes, r.depth));
    assert_eq!(result, Some((0, entry.depth)), "played from the book, not searched");
}

#[test]
fn the_computer_plays_white_when_the_person_takes_black() {
    let mut app = app();
    start_with(&mut app, |s| {
        s.opponent = Opponent::Computer;
        s.side = SideChoice::Black;
        s.level = Level::Casual;
        s.variant = Variant::Dimy;
    });
    assert_eq!(turns(&app).len(), 1, "the computer opened");
    assert!(session(&app).human_to_move());
    assert_pieces_match(&mut app);
}

#[test]
fn every_game_over_reason_ends_the_game() {
    let mut app = app();
    start_with(&mut app, humans);
    let over = |app: &App| session(app).outcome();
    // No legal turn: White's a1 is boxed in.
    set_position(&mut app, "9/9/bbb6/bbb6/wbb6 w", HUMANS);
    assert_eq!(over(&app), Some(Outcome::win(Side::Black, WinReason::NoLegalTurn)));

    set_position(&mut app, "8b/9/9/9/w8 w 49", HUMANS);
    click(&mut app, "a1");
    click(&mut app, "b1");
    assert_eq!(over(&app), Some(Outcome::draw(DrawReason::FiftyTurns)));

    set_position(&mut app, "8b/9/9/9/w8 w", HUMANS);
    for p in ["a1", "b1", "i5", "h5", "b1", "a1", "h5", "i5", "a1", "b1", "i5", "h5", "b1", "a1", "h5", "i5"] {
        click(&mut app, p);
    }
    assert_eq!(over(&app), Some(Outcome::draw(DrawReason::Repetition)));

    set_position(&mut app, "3/1w1/bb1 w", HUMANS);
    click(&mut app, "a3");
    click(&mut app, "a2");
    click(&mut app, "c1");
    assert_eq!(over(&app), Some(Outcome::win(Side::White, WinReason::TeloLine)));

    set_position(&mut app, "9/9/9/9/w7b w", HUMANS);
    resign(&mut app);
    assert_eq!(over(&app), Some(Outcome::win(Side::Black, WinReason::Resignation)));

    set_position(&mut app, "9/9/b8/9/9 w", HUMANS);
    assert_eq!(over(&app), Some(Outcome::win(Side::Black, WinReason::AllCaptured)));
    set_position(&mut app, "9/9/9/9/w1b6 w", HUMANS);
    click(&mut app, "a1");
    click(&mut app, "b1");
    assert_eq!(over(&app), Some(Outcome::win(Side::White, WinReason::AllCaptured)));
}

#[test]
fn settings_round_trip_through_the_data_folder() {
    let dir = temp_dir();
    let mut app = app_in(&dir);
    app.world_mut().resource_mut::<Settings>().level = Level::Master;
    app.world_mut().resource_mut::<Settings>().animation_speed = 2.0;
    app.update();
    let text = std::fs::read_to_string(dir.join(SETTINGS_FILE)).expect("settings written");
    assert!(text.contains("master"), "{text}");
    let again = app_in(&dir);
    assert_eq!(again.world().resource::<Settings>().level, Level::Master);
    assert_eq!(again.world().resource::<Settings>().animation_speed, 2.0);
}

#[test]
fn a_corrupt_settings_file_is_set_aside_and_reported() {
    let dir = temp_dir();
    std::fs::write(dir.join(SETTINGS_FILE), "(variant: chess, level: [[[").expect("write");
    let app = app_in(&dir);
    assert_eq!(*app.world().resource::<Settings>(), Settings::default());
    let notices = &app.world().resource::<Notices>().0;
    assert!(notices.iter().any(|n| english(&n.text).contains("settings could not be read")), "{notices:?}");
    assert!(dir.join(format!("{SETTINGS_FILE}.bad")).exists(), "the bad file is kept");
    assert!(!dir.join(SETTINGS_FILE).exists());
}

#[test]
fn the_game_is_autosaved_and_a_corrupt_autosave_is_set_aside() {
    let dir = temp_dir();
    let mut app = app_in(&dir);
    start_with(&mut app, humans);
    click(&mut app, "e2");
    click(&mut app, "e3");
    assert!(dir.join(AUTOSAVE_FILE).exists());
    let mut again = app_in(&dir);
    assert_eq!(*again.world().resource::<CanContinue>(), CanContinue { saved: true, unfinished: true });
    command(&mut again, GameCommand::Continue);
    assert_eq!(turns(&again), ["e2-e3A"]);
    assert_pieces_match(&mut again);

    std::fs::write(dir.join(AUTOSAVE_FILE), "(players: [Human, Human], record: (variant: tsivy, turns: [\"a1-a2\"]))")
        .expect("write");
    let broken = app_in(&dir);
    assert!(!broken.world().resource::<CanContinue>().saved);
    assert!(dir.join(format!("{AUTOSAVE_FILE}.bad")).exists());
    assert!(broken.world().resource::<Notices>().0.iter().any(|n| english(&n.text).contains("could not be read")));

    // A file that is not even text is kept aside the same way, so that the next autosave cannot overwrite it.
    std::fs::write(dir.join(AUTOSAVE_FILE), [0xff, 0xfe, 0x00, 0x80]).expect("write");
    let binary = app_in(&dir);
    assert!(!binary.world().resource::<CanContinue>().saved);
    assert_eq!(std::fs::read(dir.join(format!("{AUTOSAVE_FILE}.bad2"))).expect("kept"), [0xff, 0xfe, 0x00, 0x80]);
    assert!(!dir.join(AUTOSAVE_FILE).exists());
    assert!(binary.world().resource::<Notices>().0.iter().any(|n| english(&n.text).contains("not text")));
}

#[test]
fn telo_is_played_by_placing_then_moving() {
    let mut app = app();
    start_with(&mut app, |s| {
        s.opponent = Opponent::Human;
        s.variant = Variant::Telo;
    });
    for p in ["b2", "a1", "c1", "a3", "a2", "c2"] {
        click(&mut app, p);
    }
    assert_eq!(turns(&app), ["b2", "a1", "c1", "a3", "a2", "c2"]);
    assert!(!session(&app).position().is_placing());
    click(&mut app, "a2");
    click(&mut app, "b3");
    // a2-b3 is not a line (a2 is a weak point): nothing happens; b2-b3 is a move.
    assert_eq!(turns(&app).len(), 6);
    assert_pieces_match(&mut app);
}

#[test]
fn a_board_reset_redraws_points_and_pieces_but_keeps_the_rest_of_the_board() {
    let mut app = app();
    start_with(&mut app, humans);
    let mut wood = app.world_mut().query_filtered::<Entity, With<BoardBackground>>();
    let boards: Vec<Entity> = wood.iter(app.world()).collect();
    assert_eq!(boards.len(), 2, "the wooden board and its frame");
    set_position(&mut app, "3b5/9/2w1b4/9/9 w", HUMANS);
    assert_eq!(wood.iter(app.world()).collect::<Vec<_>>(), boards, "the wooden board survives a reset");
    assert_pieces_match(&mut app);
    app.world_mut().write_message(ShowMenu);
    settle(&mut app);
    // Leaving the board clears all of it: the menu's board is the title's own.
    let title: Vec<Entity> = wood.iter(app.world()).collect();
    assert!(title.iter().all(|e| !boards.contains(e)), "the game's wooden board is gone");
    let title_game = *app.world().resource::<fanorona::title::TitleGame>().game().position();
    assert_pieces_show(&mut app, &title_game);
}

/// What the game announced: every `GameEnded` and every sound cue, in order.
#[derive(Resource, Default)]
struct Heard {
    ended: Vec<Outcome>,
    cues: Vec<SoundCue>,
}

fn listen(mut ended: MessageReader<GameEnded>, mut cues: MessageReader<SoundCue>, mut heard: ResMut<Heard>) {
    heard.ended.extend(ended.read().map(|e| e.outcome));
    heard.cues.extend(cues.read().copied());
}

fn heard(app: &mut App) -> (Vec<Outcome>, Vec<SoundCue>) {
    let mut heard = app.world_mut().resource_mut::<Heard>();
    (std::mem::take(&mut heard.ended), std::mem::take(&mut heard.cues))
}

#[test]
fn the_end_of_a_game_is_announced_once_with_its_jingle() {
    let mut app = app();
    app.init_resource::<Heard>().add_systems(Last, listen);
    start_with(&mut app, humans);
    heard(&mut app);

    // The last capture: its clack, then the winner's jingle, and one GameEnded.
    set_position(&mut app, "9/9/9/9/w1b6 w", HUMANS);
    click(&mut app, "a1");
    click(&mut app, "b1");
    let win = Outcome::win(Side::White, WinReason::AllCaptured);
    assert_eq!(heard(&mut app), (vec![win], vec![SoundCue::Step(1), SoundCue::End(Jingle::Win)]));
    // Taking it back and playing it again by redo ends nothing anew.
    command(&mut app, GameCommand::Undo);
    command(&mut app, GameCommand::Redo);
    assert_eq!(session(&app).outcome(), Some(win));
    assert_eq!(heard(&mut app), (vec![], vec![]));

    // A resignation between two people: someone won.
    set_position(&mut app, "9/9/9/9/w7b w", HUMANS);
    resign(&mut app);
    let resigned = Outcome::win(Side::Black, WinReason::Resignation);
    assert_eq!(heard(&mut app), (vec![resigned], vec![SoundCue::End(Jingle::Win)]));
    // A second resignation changes nothing.
    resign(&mut app);
    assert_eq!(heard(&mut app), (vec![], vec![]));

    // The person resigning against the computer hears the loss; with the sound off, the game still ends.
    set_position(&mut app, "9/9/9/9/w7b w", [PlayerKind::Human, PlayerKind::Computer(Level::Beginner)]);
    resign(&mut app);
    assert_eq!(heard(&mut app), (vec![resigned], vec![SoundCue::End(Jingle::Lose)]));
    app.world_mut().resource_mut::<Settings>().sound = false;
    set_position(&mut app, "8b/9/9/9/w8 w 49", HUMANS);
    click(&mut app, "a1");
    click(&mut app, "b1");
    assert_eq!(heard(&mut app), (vec![Outcome::draw(DrawReason::FiftyTurns)], vec![]));
}

#[test]
fn a_pasted_game_opens_after_asking_and_a_bad_one_is_reported() {
    let dir = temp_dir();
    let mut app = app_in(&dir);
    start_with(&mut app, humans);
    play(&mut app, "f3-e3A");
    let before = turns(&app);

    // A turn that is not legal: the error names its line, and nothing changes.
    app.world_mut().write_message(OpenGame("[Variant \"tsivy\"]\n\n1. f3-e3A a1-a2\n".into()));
    settle(&mut app);
    let notices =
        app.world_mut().resource_mut::<Notices>().0.drain(..).map(|n| english(&n.text)).collect::<Vec<_>>().join(" ");
    assert!(notices.contains("could not be opened") && notices.contains("line 3"), "{notices}");
    assert_eq!(turns(&app), before);
    assert_eq!(app.world().resource::<PendingConfirmation>().0, None);

    // A good game over one with turns asks first; no keeps the game, yes opens the other.
    let game = fanorona_rules::GameRecord::load_text(REVIEW_GAME).unwrap_or_else(|e| panic!("{e}"));
    for answer in [GameCommand::Decline, GameCommand::Confirm] {
        app.world_mut().write_message(OpenGame(REVIEW_GAME.into()));
        settle(&mut app);
        assert_eq!(app.world().resource::<PendingConfirmation>().0, Some(Question::OpenedGame));
        assert_eq!(turns(&app), before, "nothing is opened before the answer");
        command(&mut app, answer);
    }
    assert_eq!(session(&app).game().turns(), game.turns());
    assert_eq!(session(&app).players, HUMANS);
    assert!(!session(&app).is_rated());
    assert_pieces_match(&mut app);
    let autosave = std::fs::read_to_string(dir.join(AUTOSAVE_FILE)).unwrap_or_default();
    assert!(autosave.contains("c5-b5"), "the opened game is autosaved");
}

/// The game starting in `dir` with the light board's game of `turns` handed over (src/game/hand_over.rs), the
/// person White against the casual level, as the web page hands it over at the full game's start.
fn handed_over(dir: &TempDir, turns: &[&str]) -> App {
    let mut game = fanorona_rules::Game::of_variant(Variant::Tsivy);
    for turn in turns {
        game.play_notation(turn).unwrap_or_else(|e| panic!("{turn}: {e}"));
    }
    let record = fanorona_rules::GameRecord::of_game(&game).to_text();
    let session = hand_over::read(&record, "casual", true).unwrap_or_else(|e| panic!("{e}"));
    let mut app = app_starting_with(dir, |app| _ = app.insert_resource(HandedOver(Some(session))));
    settle(&mut app);
    app
}

#[test]
fn the_light_board_s_game_goes_on_here_and_replaces_an_unfinished_one_only_after_asking() {
    let dir = temp_dir();
    let light = ["d2-e3A", "f5-f4A"];
    // Nothing of its own to lose: the game goes on at once on the game screen, the person to move, and is kept.
    let mut app = handed_over(&dir, &light);
    assert_eq!(state(&app), AppState::Playing);
    assert_eq!(turns(&app), light);
    assert_eq!(session(&app).players, [PlayerKind::Human, PlayerKind::Computer(Level::Casual)]);
    assert!(session(&app).human_to_move());
    assert_pieces_match(&mut app);
    assert!(std::fs::read_to_string(dir.join(AUTOSAVE_FILE)).unwrap_or_default().contains("f5-f4A"));

    // An unfinished game of its own: asked first; no keeps it (and the title page), yes goes on with the other.
    let mut own = app_in(&dir);
    humans(&mut own.world_mut().resource_mut::<Settings>());
    command(&mut own, GameCommand::Start);
    command(&mut own, GameCommand::Confirm);
    play(&mut own, "f3-e3W");
    for answer in [GameCommand::Decline, GameCommand::Confirm] {
        let mut app = handed_over(&dir, &light);
        assert_eq!(app.world().resource::<PendingConfirmation>().0, Some(Question::HandOver));
        assert_eq!(state(&app), AppState::Menu, "nothing goes on before the answer");
        command(&mut app, answer);
        let kept = std::fs::read_to_string(dir.join(AUTOSAVE_FILE)).unwrap_or_default();
        assert_eq!(kept.contains("f3-e3W"), answer == GameCommand::Decline, "{answer:?}: {kept}");
        if answer == GameCommand::Confirm {
            assert_eq!((state(&app), turns(&app)), (AppState::Playing, light.map(String::from).to_vec()));
        }
    }
}

#[test]
fn a_game_saved_as_a_file_opens_again_and_no_file_is_overwritten() {
    let dir = temp_dir();
    let mut app = app_in(&dir);
    start_with(&mut app, humans);
    for turn in ["d2-e3A", "f5-f4A"] {
        play(&mut app, turn);
    }
    let saved = turns(&app);

    // Saving twice makes two files, the second beside the first: a save never replaces a file.
    app.world_mut().write_message(GameFileCommand::Save);
    settle(&mut app);
    play(&mut app, "e1-f2A-f3A");
    app.world_mut().write_message(GameFileCommand::Save);
    settle(&mut app);
    let folder = dir.join("games");
    let first = std::fs::read_to_string(folder.join("fanorona-game-1.txt")).unwrap_or_default();
    let second = std::fs::read_to_string(folder.join("fanorona-game-2.txt")).unwrap_or_default();
    assert!(first.contains("1. d2-e3A f5-f4A") && !first.contains("e1-f2A"), "{first}");
    assert!(second.contains("e1-f2A-f3A"), "{second}");
    let notices =
        app.world_mut().resource_mut::<Notices>().0.drain(..).map(|n| english(&n.text)).collect::<Vec<_>>().join(" ");
    assert!(notices.contains("fanorona-game-2.txt"), "the player is told where: {notices}");

    // Opening the first file (its name alone: the folder is where saved games are) asks, then puts it back.
    app.world_mut().write_message(GameFileCommand::Open("fanorona-game-1.txt".into()));
    settle(&mut app);
    assert_eq!(app.world().resource::<PendingConfirmation>().0, Some(Question::OpenedGame));
    command(&mut app, GameCommand::Confirm);
    assert_eq!(turns(&app), saved);
    assert_pieces_match(&mut app);

    // A missing file, a file that is not text and one far too large are reported, and nothing changes.
    std::fs::write(folder.join("picture.png"), [0x89, b'P', b'N', b'G', 0xff, 0xfe]).unwrap_or_default();
    std::fs::write(folder.join("huge.txt"), vec![b' '; 2 << 20]).unwrap_or_default();
    for (file, why) in
        [("nothing-here.txt", "nothing-here.txt"), ("picture.png", "not a text"), ("huge.txt", "too large")]
    {
        app.world_mut().write_message(GameFileCommand::Open(folder.join(file).display().to_string()));
        settle(&mut app);
        let notices = app
            .world_mut()
            .resource_mut::<Notices>()
            .0
            .drain(..)
            .map(|n| english(&n.text))
            .collect::<Vec<_>>()
            .join(" ");
        assert!(notices.contains("could not be opened") && notices.contains(why), "{file}: {notices}");
        assert_eq!(turns(&app), saved);
        assert_eq!(app.world().resource::<PendingConfirmation>().0, None);
    }
}

#[test]
fn resigning_asks_first_from_the_button_and_the_key() {
    let dir = temp_dir();
    let mut app = app_with_keys(&dir);
    start_with(&mut app, humans);
    play(&mut app, "d2-e3A");
    let asking = |app: &App| app.world().resource::<PendingConfirmation>().0;
    // The button: a question, and nothing lost yet; Esc says no.
    command(&mut app, GameCommand::Resign);
    assert_eq!(asking(&app), Some(Question::Resign));
    assert_eq!(session(&app).outcome(), None);
    press(&mut app, KeyCode::Escape, false, false);
    assert_eq!(asking(&app), None);
    assert_eq!(session(&app).outcome(), None);
    // Shift+Q asks the same; a yes resigns for the side to move (Black).
    press(&mut app, KeyCode::KeyQ, true, false);
    assert_eq!(asking(&app), Some(Question::Resign));
    assert_eq!(session(&app).outcome(), None);
    command(&mut app, GameCommand::Confirm);
    assert_eq!(session(&app).outcome(), Some(Outcome::win(Side::White, WinReason::Resignation)));
    // A finished game asks nothing.
    command(&mut app, GameCommand::Resign);
    assert_eq!(asking(&app), None);
}

#[test]
fn the_board_use_says_who_may_move_and_what_is_kept() {
    use fanorona::analysis::AnalysisCommand;
    use fanorona::game::session::BoardUse;
    use fanorona::review::ReviewCommand;
    use fanorona::tutorial::TutorialCommand;
    fn send(app: &mut App, message: impl Message) {
        app.world_mut().write_message(message);
        settle(app);
    }
    let mut app = app();
    let board_use = |app: &App| session(app).board_use();
    assert_eq!(board_use(&app), BoardUse::Game { autosave: false }, "before any game nothing is kept");
    start_with(&mut app, humans);
    play(&mut app, "d2-e3A");
    assert_eq!(board_use(&app), BoardUse::Game { autosave: true });
    let game = turns(&app);
    // Lent to the review: looked at, no turns, nothing saved; given back as it was.
    send(&mut app, ReviewCommand::Open);
    assert_eq!((state(&app), board_use(&app)), (AppState::Review, BoardUse::Review));
    assert!(!session(&app).human_to_move());
    send(&mut app, ReviewCommand::Close);
    assert_eq!(
        (state(&app), board_use(&app), turns(&app)),
        (AppState::Playing, BoardUse::Game { autosave: true }, game.clone())
    );
    // Lent to the analysis board: turns for both sides, none while setting up; given back as it was.
    send(&mut app, AnalysisCommand::Open);
    assert_eq!(board_use(&app), BoardUse::Analysis { editing: false });
    assert!(session(&app).human_to_move());
    send(&mut app, AnalysisCommand::ToggleEdit);
    assert_eq!(board_use(&app), BoardUse::Analysis { editing: true });
    assert!(!session(&app).human_to_move());
    send(&mut app, AnalysisCommand::Close);
    assert_eq!((board_use(&app), turns(&app)), (BoardUse::Game { autosave: true }, game));
    // A tutorial board is never kept.
    send(&mut app, TutorialCommand::Open);
    assert!(matches!(board_use(&app), BoardUse::Tutorial { .. }));
    assert!(!board_use(&app).autosaved());
}
