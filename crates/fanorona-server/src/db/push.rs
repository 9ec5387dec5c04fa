//! Web Push: the server's keys, the browsers' subscriptions, and the reminders sent.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::Db;
use super::tx::Tx;
use crate::error::DbError;
use crate::protocol::{PushEvent, PushKeys, PushWords};

/// A browser's push subscription as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubscriptionRecord {
    /// The push service's address for it.
    pub endpoint: String,
    /// The player it tells.
    pub player: String,
    /// The hash of the token of the login that made it: it goes with that login.
    pub login: String,
    /// The browser's keys, base64url as it gave them.
    pub keys: PushKeys,
    /// The events it is told of.
    pub events: Vec<PushEvent>,
    /// What its notifications say.
    pub words: PushWords,
}

/// What came of storing a subscription.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subscribed {
    /// Stored (or stored again).
    Stored,
    /// Not stored: its player has as many other subscriptions as they may.
    TooMany,
    /// Not stored: its endpoint is another player's subscription.
    Taken,
}

fn subscription_from(row: &AnyRow) -> Result<SubscriptionRecord, DbError> {
    let events: String = row.try_get("events")?;
    let events = events
        .split(',')
        .filter(|name| !name.is_empty())
        .map(|name| PushEvent::from_name(name).ok_or_else(|| DbError::Corrupt(format!("push event {name:?}"))))
        .collect::<Result<_, _>>()?;
    let words: String = row.try_get("words")?;
    Ok(SubscriptionRecord {
        endpoint: row.try_get("endpoint")?,
        player: row.try_get("player")?,
        login: row.try_get("login")?,
        keys: PushKeys { p256dh: row.try_get("p256dh")?, auth: row.try_get("auth")? },
        events,
        words: serde_json::from_str(&words).map_err(|e| DbError::Corrupt(format!("push words: {e}")))?,
    })
}

impl Db {
    /// The server's key `name`: the one stored, or else `made`, stored now. Several processes starting at once on
    /// one database all get the key the first of them stored.
    pub async fn server_key(&self, name: &str, made: &str, now: i64) -> Result<String, DbError> {
        let insert = sqlx::query(
            "INSERT INTO server_keys (name, value, created) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING",
        )
        .bind(name)
        .bind(made)
        .bind(now);
        self.write(insert).await?;
        let row =
            sqlx::query("SELECT value FROM server_keys WHERE name = $1").bind(name).fetch_one(&self.reads).await?;
        Ok(row.try_get("value")?)
    }

    /// Stores a subscription, in place of its player's own with its endpoint if there is one (the same browser
    /// subscribing again), unless its player has `most` others already or the endpoint is another player's. The
    /// endpoint stays its first owner's until they unsubscribe or log out (which forgets it): whoever else learnt the
    /// address cannot take that player's notices away, nor the device have them said to its next user.
    pub async fn subscribe(
        &self,
        subscription: &SubscriptionRecord,
        most: usize,
        now: i64,
    ) -> Result<Subscribed, DbError> {
        let most = i64::try_from(most).unwrap_or(i64::MAX);
        let events: Vec<&str> = subscription.events.iter().map(|event| event.name()).collect();
        let words = serde_json::to_string(&subscription.words).map_err(|e| DbError::Corrupt(e.to_string()))?;
        let mut tx = Tx::begin(self).await?;
        let stored = async {
            let others: i64 =
                sqlx::query("SELECT COUNT(*) AS n FROM push_subscriptions WHERE player = $1 AND endpoint <> $2")
                    .bind(&subscription.player)
                    .bind(&subscription.endpoint)
                    .fetch_one(&mut *tx)
                    .await?
                    .try_get("n")?;
            if others >= most {
                return Ok(Subscribed::TooMany);
            }
            // One statement decides whose the endpoint is, so that of two processes storing it at once for two
            // players, the second finds the first's row and touches nothing.
            let stored = sqlx::query(
                "INSERT INTO push_subscriptions (endpoint, player, login, p256dh, auth, events, words, created) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (endpoint) DO UPDATE SET \
                 login = excluded.login, p256dh = excluded.p256dh, auth = excluded.auth, events = excluded.events, \
                 words = excluded.words, created = excluded.created WHERE push_subscriptions.player = excluded.player",
            )
            .bind(&subscription.endpoint)
            .bind(&subscription.player)
            .bind(&subscription.login)
            .bind(&subscription.keys.p256dh)
            .bind(&subscription.keys.auth)
            .bind(events.join(","))
            .bind(words)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            Ok(if stored.rows_affected() == 1 { Subscribed::Stored } else { Subscribed::Taken })
        };
        let stored = stored.await;
        tx.end(stored).await
    }

    /// Forgets the subscription at `endpoint` if it is `player`'s; whether there was one.
    pub async fn unsubscribe(&self, endpoint: &str, player: &str) -> Result<bool, DbError> {
        let delete = sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1 AND player = $2")
            .bind(endpoint)
            .bind(player);
        Ok(self.write(delete).await?.rows_affected() > 0)
    }

    /// Forgets the subscription at `endpoint`, whoever's it is: its push service said it is gone.
    pub async fn drop_subscription(&self, endpoint: &str) -> Result<(), DbError> {
        self.write(sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1").bind(endpoint)).await?;
        Ok(())
    }

    /// The subscriptions of `player`.
    pub async fn subscriptions_of(&self, player: &str) -> Result<Vec<SubscriptionRecord>, DbError> {
        let rows = sqlx::query(
            "SELECT endpoint, player, login, p256dh, auth, events, words FROM push_subscriptions WHERE player = $1 \
             ORDER BY created, endpoint",
        )
        .bind(player)
        .fetch_all(&self.reads)
        .await?;
        rows.iter().map(subscription_from).collect()
    }

    /// Marks the game `id` of `plies` turns, still in progress, as reminded at this turn: true for the one process
    /// that marks it, which sends the reminder; false if it was marked already (or the game moved on).
    pub async fn mark_reminded(&self, id: &str, plies: u32) -> Result<bool, DbError> {
        let plies = i64::from(plies);
        let mark = sqlx::query(
            "UPDATE games SET reminded = $1 WHERE id = $2 AND status = 'playing' AND plies = $1 AND reminded < $1",
        )
        .bind(plies)
        .bind(id);
        Ok(self.write(mark).await?.rows_affected() == 1)
    }
}
