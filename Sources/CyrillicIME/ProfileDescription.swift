/// A profile as the running Rust core describes it (`rust_profiles_json`):
/// what a host needs to offer it, not its conversion rules, which stay in the core.
public struct ProfileDescription: Decodable, Equatable, Sendable, Identifiable {
    public struct Names: Decodable, Equatable, Sendable {
        public var en: String
        public var ja: String
        /// The name in the profile's own language.
        public var native: String
    }

    public var id: String
    /// BCP 47 language tag of the profile's writers.
    public var language: String
    public var names: Names
    /// Keyboard rows: digits, three letter rows, function keys (written `{name}`).
    public var rows: [[String]]
}

struct ProfileList: Decodable {
    var profiles: [ProfileDescription]
}
