//! Wrong passwords by key (`throttle::LoginKeys`), shared by every process and kept across restarts, and the
//! devices trusted for a player. The keys are accounts' (`pair:ADDRESS NAME`, `address:ADDRESS`, `name:NAME`,
//! `device:HASH`) and private events' (`pair:ADDRESS event:ID`, `event:ID`, and the address's own).

use sqlx::Row;

use super::Db;
use super::tx::Tx;
use crate::error::DbError;

impl Db {
    /// Until when each of `keys` waits, for those that do.
    pub async fn login_waits(&self, keys: &[&str]) -> Result<Vec<(String, i64)>, DbError> {
        let sql = format!("SELECT key, blocked_until FROM login_failures WHERE key IN ({})", marks(keys.len()));
        let mut query = sqlx::query(&sql);
        for key in keys {
            query = query.bind(*key);
        }
        let rows = query.fetch_all(&self.reads).await?;
        rows.iter().map(|row| Ok((row.try_get("key")?, row.try_get("blocked_until")?))).collect()
    }

    /// Counts a wrong password of `key` at `now` (the count starts again if its last was before `forget_before`),
    /// and stores the wait `until` gives for the new count; returns that wait's end. Atomic on both databases:
    /// processes failing at once each count.
    pub async fn count_login_failure(
        &self,
        key: &str,
        now: i64,
        forget_before: i64,
        until: impl Fn(u32) -> i64 + Send,
    ) -> Result<i64, DbError> {
        let mut tx = Tx::begin(self).await?;
        let stored = async {
            let row = sqlx::query(
                "INSERT INTO login_failures (key, failures, last_at, blocked_until) VALUES ($1, 1, $2, $2) \
                 ON CONFLICT (key) DO UPDATE SET last_at = $2, failures = CASE WHEN login_failures.last_at < $3 \
                 THEN 1 ELSE login_failures.failures + 1 END RETURNING failures",
            )
            .bind(key)
            .bind(now)
            .bind(forget_before)
            .fetch_one(&mut *tx)
            .await?;
            let failures: i64 = row.try_get("failures")?;
            let blocked_until = until(u32::try_from(failures).unwrap_or(u32::MAX));
            sqlx::query("UPDATE login_failures SET blocked_until = $1 WHERE key = $2 AND blocked_until < $1")
                .bind(blocked_until)
                .bind(key)
                .execute(&mut *tx)
                .await?;
            Ok(blocked_until)
        };
        let stored = stored.await;
        tx.end(stored).await
    }

    /// Forgets the wrong passwords of `keys` (a right password came).
    pub async fn forget_login_failures(&self, keys: &[&str]) -> Result<(), DbError> {
        let sql = format!("DELETE FROM login_failures WHERE key IN ({})", marks(keys.len()));
        let mut statement = sqlx::query(&sql);
        for key in keys {
            statement = statement.bind(*key);
        }
        self.write(statement).await?;
        Ok(())
    }

    /// Deletes the counts whose last wrong password came before `before` and that no longer wait at `now`.
    pub async fn delete_login_failures_before(&self, before: i64, now: i64) -> Result<(), DbError> {
        let statement = sqlx::query("DELETE FROM login_failures WHERE last_at < $1 AND blocked_until <= $2");
        self.write(statement.bind(before).bind(now)).await?;
        Ok(())
    }

    /// Trusts the device whose token hash is `token_hash` for `player` from `now` on.
    pub async fn trust_device(&self, token_hash: &str, player: &str, now: i64) -> Result<(), DbError> {
        let statement =
            sqlx::query("INSERT INTO trusted_devices (token_hash, player, created, last_used) VALUES ($1, $2, $3, $3)");
        self.write(statement.bind(token_hash).bind(player).bind(now)).await?;
        Ok(())
    }

    /// Whether the device whose token hash is `token_hash` is trusted for `player` (used at `now`, unused since
    /// `expired_before` at the latest); marks it used.
    pub async fn device_trusted(
        &self,
        token_hash: &str,
        player: &str,
        now: i64,
        expired_before: i64,
    ) -> Result<bool, DbError> {
        let statement = sqlx::query(
            "UPDATE trusted_devices SET last_used = $1 WHERE token_hash = $2 AND player = $3 AND last_used >= $4",
        );
        let done = self.write(statement.bind(now).bind(token_hash).bind(player).bind(expired_before)).await?;
        Ok(done.rows_affected() == 1)
    }

    /// Deletes the trusted devices unused since `before`.
    pub async fn delete_devices_unused_since(&self, before: i64) -> Result<(), DbError> {
        self.write(sqlx::query("DELETE FROM trusted_devices WHERE last_used < $1").bind(before)).await?;
        Ok(())
    }
}

/// The placeholders of `count` values, `$1, $2, ...`.
fn marks(count: usize) -> String {
    (1..=count).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}
