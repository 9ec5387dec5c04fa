//! Random ids and tokens, the hash under which a token is stored, and password hashes.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use sha2::{Digest, Sha256};

/// Why no random bytes could be had (the operating system's generator failed).
#[derive(Debug, thiserror::Error)]
#[error("no randomness from the operating system: {0}")]
pub struct RandomError(getrandom::Error);

/// `N` random bytes from the operating system.
pub fn random_bytes<const N: usize>() -> Result<[u8; N], RandomError> {
    let mut buffer = [0; N];
    getrandom::fill(&mut buffer).map_err(RandomError)?;
    Ok(buffer)
}

/// `bytes` random bytes from the operating system, in hex.
fn random_hex(bytes: usize) -> Result<String, RandomError> {
    let mut buffer = vec![0; bytes];
    getrandom::fill(&mut buffer).map_err(RandomError)?;
    Ok(hex(&buffer))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A new id for a player, challenge or game: 64 random bits, enough that a challenge's link cannot be guessed
/// (it is no secret: whoever has the link may accept).
pub fn new_id() -> Result<String, RandomError> {
    random_hex(8)
}

/// A new token: 256 random bits, known only to the client.
pub fn new_token() -> Result<String, RandomError> {
    random_hex(32)
}

/// A random number below `n` (for generated names and colours; `n` is small, so the bias is negligible).
pub fn below(n: u32) -> Result<u32, RandomError> {
    let mut buffer = [0; 4];
    getrandom::fill(&mut buffer).map_err(RandomError)?;
    Ok(u32::from_le_bytes(buffer) % n.max(1))
}

/// The SHA-256 of a token, in hex: what the database keeps. A token has 256 random bits, so a fast hash is safe
/// here (unlike a password, it cannot be guessed from a list).
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Why a password could not be hashed.
#[derive(Debug, thiserror::Error)]
pub enum PasswordError {
    /// No random salt.
    #[error(transparent)]
    Random(#[from] RandomError),
    /// argon2 refused (it does only for parameters out of range, which are fixed here).
    #[error("password hash: {0}")]
    Hash(String),
}

/// The argon2id hash of a password in PHC form, with a fresh random salt. Slow on purpose (argon2's default cost,
/// OWASP's minimum: 19 MiB, two passes): a stolen database is then slow to guess passwords from.
pub fn password_hash(password: &str) -> Result<String, PasswordError> {
    let mut salt = [0; 16];
    getrandom::fill(&mut salt).map_err(RandomError)?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| PasswordError::Hash(e.to_string()))?;
    let hash = Argon2::default().hash_password(password.as_bytes(), &salt);
    Ok(hash.map_err(|e| PasswordError::Hash(e.to_string()))?.to_string())
}

/// A hash that no password matches, in the form and with the cost of [`password_hash`]'s (its salt and output are
/// random bytes, not made from any password): a login with an unknown name is checked against it, so that it costs
/// what a wrong password costs and its answer's time does not tell which names are registered.
pub const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$7nK7s9uy9p3Di754jXohzQ$biSFnJ/pDbt6YEkvOGvbPy6gfy3848HDgTGIh3zdxew";

/// Whether `password` is the one `hash` was made from (false for a hash that cannot be read).
pub fn password_matches(password: &str, hash: &str) -> bool {
    // The parameters come from the hash itself, so that hashes made with other costs keep working.
    PasswordHash::new(hash).is_ok_and(|hash| Argon2::default().verify_password(password.as_bytes(), &hash).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_hex_and_differ() {
        let (a, b) = (new_token().unwrap(), new_token().unwrap());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(token_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn a_password_matches_its_hash_only() {
        let hash = password_hash("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert_ne!(hash, password_hash("correct horse").unwrap(), "salted");
        assert!(password_matches("correct horse", &hash));
        assert!(!password_matches("correct horsf", &hash));
        assert!(!password_matches("correct horse", "not a hash"));
    }

    #[test]
    fn the_dummy_hash_costs_what_a_new_hash_costs_and_matches_nothing() {
        let new = password_hash("correct horse").unwrap();
        let params = |hash: &str| {
            let hash = PasswordHash::new(hash).unwrap();
            (hash.algorithm.to_string(), hash.version, hash.params.to_string())
        };
        assert_eq!(params(DUMMY_HASH), params(&new));
        assert!(!password_matches("correct horse", DUMMY_HASH));
        assert!(!password_matches("", DUMMY_HASH));
    }
}
