//! The AI-era records: `Content-Signal` and `Content-Usage` preferences.
//!
//! Keys are the drafts' vocabulary words (`search`, `ai-input`, `ai-train`;
//! `train-ai`, `search`), as the Python package and the lint messages spell
//! them; a value is `true` (yes / `y`), `false` (no / `n`) or `null` (not stated).

use super::object::object;
use robots_runtime::records::{ContentSignals, UsagePrefs};
use wasm_bindgen::JsValue;

fn tristate(v: Option<bool>) -> JsValue {
    v.map_or(JsValue::NULL, JsValue::from_bool)
}

/// `{ search, 'ai-input', 'ai-train' }`.
pub fn content_signals(s: &ContentSignals) -> JsValue {
    object(&[
        ("search", tristate(s.search)),
        ("ai-input", tristate(s.ai_input)),
        ("ai-train", tristate(s.ai_train)),
    ])
}

/// `{ 'train-ai', search }`.
pub fn usage_prefs(p: &UsagePrefs) -> JsValue {
    object(&[
        ("train-ai", tristate(p.train_ai)),
        ("search", tristate(p.search)),
    ])
}
