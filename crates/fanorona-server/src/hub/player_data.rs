//! A player's own data: downloaded a page at a time (`export_data`), or deleted with their account
//! (`delete_account`).

use std::net::{IpAddr, Ipv4Addr};

use fanorona_rules::Side;

use super::views::stored_view;
use super::{Caller, Hub, lock};
use crate::error::{DbError, Refusal};
use crate::protocol::{
    DAY_MS, EXPORT_PAGE_GAMES, EndReason, ErrorCode, ExportedGame, GameResult, NAME_HELD_DAYS, ServerMessage,
};

impl Hub {
    /// A page of the caller's data: their account on the first page (`after` none), then their games by id.
    pub(super) async fn export_data(&self, caller: &Caller, after: Option<String>) -> Result<ServerMessage, Refusal> {
        let account = match after {
            Some(_) => None,
            None => Some(Box::new(self.db.account_data(self.current(caller).await?).await?)),
        };
        let stored = self.db.games_page(&caller.player, after.as_deref().unwrap_or_default()).await?;
        // The page's last id, by which the next page starts, whatever game fails to replay.
        let last = stored.iter().map(|game| game.settings.id.clone()).max();
        let next = last.filter(|_| stored.len() == EXPORT_PAGE_GAMES);
        let games = stored
            .into_iter()
            .filter_map(stored_view)
            .map(|game| {
                let (result, ratings) = game.end.map_or((None, None), |(result, ratings)| (Some(result), ratings));
                ExportedGame { game: game.view, result, ratings, updated_ms: game.updated_ms }
            })
            .collect();
        Ok(ServerMessage::ExportedData { account, games, next })
    }

    /// Deletes the caller's account ([`Hub::remove_account`]), asking a registered player's password again (wrong
    /// ones back off as a login's); this connection closes after the reply.
    pub(super) async fn delete_account(
        &self,
        caller: &Caller,
        password: Option<String>,
    ) -> Result<ServerMessage, Refusal> {
        let player = self.current(caller).await?;
        if player.registered {
            let password = password.ok_or_else(|| Refusal::new(ErrorCode::BadLogin, "your password is needed"))?;
            let (checked, _) = self.log_in(player.name.clone(), password, caller.address, None).await?;
            if checked.id != player.id {
                return Err(Refusal::new(ErrorCode::BadLogin, "no registered player has this name and password"));
            }
        }
        self.remove_account(&caller.player, caller.connection).await?;
        Ok(ServerMessage::AccountDeleted)
    }

    /// Removes the account of `player` (its owner's wish, or a moderator's): their games in progress resigned first,
    /// then the account ([`Db::delete_account`]), and every connection of its logins closed but `except` (the
    /// one that asked, which closes after its reply). The challenges go with the account: the lobby's lists drop
    /// them at their next reading, and accepting one meanwhile is `not_found`.
    ///
    /// [`Db::delete_account`]: crate::db::Db::delete_account
    pub(super) async fn remove_account(&self, player: &str, except: u64) -> Result<(), Refusal> {
        // The player's side in their games: `except` is the one connection not told of the resignations.
        let resigner = Caller {
            player: player.to_owned(),
            connection: except,
            login: String::new(),
            address: IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        };
        let games: Vec<String> = lock(&self.games)
            .iter()
            .filter(|(_, slot)| slot.players.iter().any(|p| p == player))
            .map(|(id, _)| id.clone())
            .collect();
        for id in games {
            let resign = |_: &_, side: Side| Ok(GameResult::win(!side, EndReason::Resignation));
            match self.end_by_player(&resigner, &id, resign).await {
                // Over already, or gone from this process meanwhile: nothing to resign.
                Ok(_) => {}
                Err(refusal) if matches!(refusal.code, ErrorCode::GameOver | ErrorCode::NotFound) => {}
                Err(refusal) => return Err(refusal),
            }
        }
        let now = self.clock.now_ms();
        let held_until = now.saturating_add(NAME_HELD_DAYS * DAY_MS);
        let logins = match self.db.delete_account(player, now, held_until).await {
            Ok(logins) => logins,
            // Deleted a moment ago (another connection of the player's, or a moderator).
            Err(DbError::Stale) => Vec::new(),
            Err(error) => return Err(error.into()),
        };
        for login in logins {
            self.close_login(&login, Some(except));
        }
        Ok(())
    }
}
