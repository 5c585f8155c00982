//! The order of rules: which of two matching rules wins, under a profile.

use crate::profile::Profile;

/// The rank of rule number `id` under `profile`: higher wins. Longest match:
/// priority, then allow, then the earlier rule; first match: the earlier rule.
/// (Rules are numbered in file order, so the number orders them by line.)
#[inline]
pub fn rank(profile: Profile, priority: u32, allow: bool, id: u32) -> u64 {
    let earlier = u64::from(u32::MAX - id);
    if profile.first_match_wins() {
        earlier
    } else {
        (u64::from(priority) << 33) | (u64::from(allow) << 32) | earlier
    }
}
