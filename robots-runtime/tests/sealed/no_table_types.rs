// The table layout is not part of the facade: not at the root, not in a module.
use robots_runtime::Tables;
use robots_runtime::document::Tables as DocumentTables;
use robots_runtime::records::RuleRecord;
use robots_runtime::lint::Table;

fn main() {}
