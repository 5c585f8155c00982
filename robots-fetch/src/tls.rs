//! TLS for both drivers: rustls with the *ring* crypto provider, which builds
//! with a plain C compiler (the default aws-lc-rs provider needs much more).

/// Make *ring* the process's default rustls crypto provider, unless one is set.
pub(crate) fn install_ring_provider() {
    // An error means a provider is already installed: that one is used.
    let _ = rustls::crypto::ring::default_provider().install_default();
}
