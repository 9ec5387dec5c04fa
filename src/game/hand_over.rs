//! A game handed over by the web page's light board (web/light.js), which a player played while the full game
//! downloaded: the full game starts on it, the same position, turns, side and level, instead of its title page. It
//! replaces an unfinished autosaved game only after asking (the game command `HandOver`, which goes on with it).

use bevy::prelude::*;
use fanorona_ai::{Level, ParseLevelError};
use fanorona_rules::{GameRecord, GameTextError};
use thiserror::Error;

use super::session::{PlayerKind, Session};

/// The light board's game, read, waiting to be put on the board by the game command `HandOver`.
#[derive(Resource, Default, Debug)]
pub struct HandedOver(pub Option<Session>);

/// The system that takes the page's hand-over at start: what goes on with it runs after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct TakeHandOver;

/// A hand-over the game cannot go on with.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum HandOverError {
    /// The level is none of the computer's.
    #[error(transparent)]
    Level(#[from] ParseLevelError),
    /// The game's text does not read or replay.
    #[error(transparent)]
    Record(#[from] GameTextError),
}

/// The session of a game handed over as the light board keeps it: its game text (`LightGame::record`), the
/// computer's level by name, and the person's side. Never rated: the light board's turns were taken back at will.
pub fn read(record: &str, level: &str, person_white: bool) -> Result<Session, HandOverError> {
    let computer = PlayerKind::Computer(level.parse::<Level>()?);
    let game = GameRecord::load_text(record)?;
    let players = if person_white { [PlayerKind::Human, computer] } else { [computer, PlayerKind::Human] };
    Ok(Session::resumed(game, players, false))
}

/// Takes the page's hand-over at start, if there is one.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HandedOver>();
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Startup, web::take.in_set(TakeHandOver));
}

/// The page's `fanoronaHandOver` (web/index.html).
#[cfg(target_arch = "wasm32")]
mod web {
    use bevy::prelude::*;
    use wasm_bindgen::prelude::*;

    use super::HandedOver;
    use crate::persistence::storage::Notices;
    use crate::text;

    #[wasm_bindgen]
    extern "C" {
        /// The light board's game, once (`null` then, or where no game was played on it).
        #[wasm_bindgen(catch, js_namespace = fanoronaHandOver, js_name = take)]
        fn js_take() -> Result<JsValue, JsValue>;
    }

    /// A property of the page's object, as text.
    fn text_of(value: &JsValue, name: &str) -> String {
        js_sys::Reflect::get(value, &JsValue::from_str(name)).ok().and_then(|v| v.as_string()).unwrap_or_default()
    }

    pub(super) fn take(mut handed: ResMut<HandedOver>, mut notices: ResMut<Notices>) {
        let Ok(value) = js_take() else { return };
        if value.is_null() || value.is_undefined() {
            return;
        }
        let white = js_sys::Reflect::get(&value, &JsValue::from_str("white")).ok().and_then(|v| v.as_bool());
        match super::read(&text_of(&value, "record"), &text_of(&value, "level"), white.unwrap_or(true)) {
            Ok(session) => handed.0 = Some(session),
            Err(e) => notices.problem(text!("game-not-opened", error = e.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use fanorona_rules::{Game, Variant};

    use super::*;

    #[test]
    fn a_light_board_game_is_read_with_its_turns_side_and_level_and_a_bad_one_says_why() {
        let mut game = Game::of_variant(Variant::Tsivy);
        for turn in ["d2-e3A", "f5-f4A"] {
            game.play_notation(turn).unwrap_or_else(|e| panic!("{turn}: {e}"));
        }
        let text = GameRecord::of_game(&game).to_text();
        let session = read(&text, "casual", false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(session.game().turns(), game.turns());
        assert_eq!(session.players, [PlayerKind::Computer(Level::Casual), PlayerKind::Human]);
        assert!(!session.is_rated());

        assert!(matches!(read(&text, "grandmaster", true), Err(HandOverError::Level(_))));
        let error = read("1. f3-e3W a1-a2 *", "casual", true).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(error.starts_with("line 1, column 11"), "{error}");
    }
}
