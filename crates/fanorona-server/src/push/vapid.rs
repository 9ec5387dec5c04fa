//! The server's VAPID key pair (RFC 8292) and the signed token that identifies the server to a push service in
//! each request.

use axum::http::Uri;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use p256::ecdsa::signature::Signer;
use p256::ecdsa::{Signature, SigningKey};

use crate::secret::{self, RandomError};

/// Why stored VAPID keys cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("the stored VAPID key is not a P-256 private key in base64url")]
pub struct BadKey;

/// The server's VAPID key pair: browsers accept push messages for a subscription only when they are signed by the
/// key whose public half made it.
#[derive(Clone)]
pub struct VapidKeys {
    signing: SigningKey,
    /// The public key, uncompressed, in base64url: what browsers take as `applicationServerKey`.
    public: String,
}

impl std::fmt::Debug for VapidKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The private key stays out of logs.
        f.debug_struct("VapidKeys").field("public", &self.public).finish_non_exhaustive()
    }
}

impl VapidKeys {
    /// A new private key, in base64url, as it is stored.
    pub fn generate() -> Result<String, RandomError> {
        loop {
            // A random scalar below the curve's order: all but about 2^-32 of 256-bit strings are one.
            let bytes: [u8; 32] = secret::random_bytes()?;
            if SigningKey::from_slice(&bytes).is_ok() {
                return Ok(URL_SAFE_NO_PAD.encode(bytes));
            }
        }
    }

    /// The key pair of a stored private key.
    pub fn from_stored(private: &str) -> Result<VapidKeys, BadKey> {
        let bytes = URL_SAFE_NO_PAD.decode(private).map_err(|_| BadKey)?;
        let signing = SigningKey::from_slice(&bytes).map_err(|_| BadKey)?;
        let public = URL_SAFE_NO_PAD.encode(signing.verifying_key().to_encoded_point(false).as_bytes());
        Ok(VapidKeys { signing, public })
    }

    /// The public key, uncompressed, in base64url.
    pub fn public(&self) -> &str {
        &self.public
    }

    /// The `Authorization` header of a request to `endpoint`: a JWT for the push service's origin, valid until
    /// `expires` (seconds since the Unix epoch, at most a day ahead), naming `contact`, with the public key.
    pub fn authorization(&self, endpoint: &Uri, contact: &str, expires: u64) -> String {
        let header = URL_SAFE_NO_PAD.encode(br#"{"typ":"JWT","alg":"ES256"}"#);
        let claims = serde_json::json!({ "aud": origin(endpoint), "exp": expires, "sub": contact });
        let claims = URL_SAFE_NO_PAD.encode(claims.to_string());
        let signed = format!("{header}.{claims}");
        // ES256: the signature as r and s, 32 bytes each (RFC 7518), not DER.
        let signature: Signature = self.signing.sign(signed.as_bytes());
        let signature = URL_SAFE_NO_PAD.encode(signature.to_bytes());
        format!("vapid t={signed}.{signature}, k={}", self.public)
    }
}

/// The origin of a push service's address: what a VAPID token names as its audience, what the allowed services are
/// matched by, and all of the address that is logged (the rest is a secret of the browser's).
pub(super) fn origin(endpoint: &Uri) -> String {
    let scheme = endpoint.scheme_str().unwrap_or("https");
    let authority = endpoint.authority().map_or("", |authority| authority.as_str());
    format!("{scheme}://{authority}")
}

#[cfg(test)]
mod tests {
    use p256::ecdsa::VerifyingKey;
    use p256::ecdsa::signature::Verifier;

    use super::*;

    #[test]
    fn a_stored_key_gives_the_same_pair_and_signs_tokens_its_public_key_verifies() {
        let stored = VapidKeys::generate().unwrap();
        let keys = VapidKeys::from_stored(&stored).unwrap();
        assert_eq!(keys.public(), VapidKeys::from_stored(&stored).unwrap().public());
        let public = URL_SAFE_NO_PAD.decode(keys.public()).unwrap();
        assert_eq!((public.len(), public[0]), (65, 4), "an uncompressed P-256 point");

        let endpoint: Uri = "https://push.example.org:8443/send/abc?x=1".parse().unwrap();
        let header = keys.authorization(&endpoint, "mailto:ops@example.org", 1_800_000_000);
        let (token, key) = header.strip_prefix("vapid t=").unwrap().split_once(", k=").unwrap();
        assert_eq!(key, keys.public());
        let (signed, signature) = token.rsplit_once('.').unwrap();
        let claims = URL_SAFE_NO_PAD.decode(signed.split_once('.').unwrap().1).unwrap();
        let claims: serde_json::Value = serde_json::from_slice(&claims).unwrap();
        assert_eq!(
            claims,
            serde_json::json!({"aud": "https://push.example.org:8443", "exp": 1_800_000_000u64, "sub": "mailto:ops@example.org"})
        );
        let verifying = VerifyingKey::from_sec1_bytes(&public).unwrap();
        let signature = Signature::from_slice(&URL_SAFE_NO_PAD.decode(signature).unwrap()).unwrap();
        verifying.verify(signed.as_bytes(), &signature).unwrap();
        // Another server's key does not verify it.
        let other = VapidKeys::from_stored(&VapidKeys::generate().unwrap()).unwrap();
        let other = VerifyingKey::from_sec1_bytes(&URL_SAFE_NO_PAD.decode(other.public()).unwrap()).unwrap();
        assert!(other.verify(signed.as_bytes(), &signature).is_err());
    }

    #[test]
    fn a_stored_key_that_is_not_one_is_refused() {
        for stored in
            ["", "not base64!", "AAAA", &URL_SAFE_NO_PAD.encode([0u8; 32]), &URL_SAFE_NO_PAD.encode([255u8; 32])]
        {
            assert!(VapidKeys::from_stored(stored).is_err(), "{stored:?}");
        }
    }
}
