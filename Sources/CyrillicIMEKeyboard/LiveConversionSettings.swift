import CyrillicIME

/// What the space key means while composing, per profile (docs/KEYBOARD.md, "Space habits").
public enum SpaceHabit: String, Sendable, CaseIterable {
    /// The Japanese habit: space converts (opens the candidates), as on every Japanese keyboard.
    case japanese
    /// The Cyrillic habit: space marks a word boundary and the composition goes on; live
    /// conversion shows the whole, and → or a tap on the bar reaches the candidates.
    case cyrillic

    /// The habit of a profile nobody chose one for: the Japanese one for a profile typed in
    /// Japanese (`ja`, `ja-Latn`: romaji, whose writers learnt on Japanese keyboards), the Cyrillic one for every
    /// Cyrillic profile, whose writers put spaces between words as in their own language and
    /// as Cyrillic textbooks print Japanese (`ватаси ва гакусэй дэсу`).
    public static func standard(forLanguage language: String) -> SpaceHabit {
        language == "ja" || language.hasPrefix("ja-") ? .japanese : .cyrillic
    }
}

/// When the first clause of a long live conversion is committed on its own.
public enum AutoCommit: Equatable, Sendable {
    /// Never: everything stays composed until return (the default).
    case off
    /// Once the first segment stayed the same over this many keystrokes that changed the kana
    /// (at least 1), with more after it.
    case afterKeystrokes(Int)

    /// The stored value: `"off"` or the number of keystrokes.
    public var storedValue: String {
        switch self {
        case .off: "off"
        case .afterKeystrokes(let count): String(count)
        }
    }

    /// `"off"`, or a number of keystrokes of 1 to 100; `nil` for anything else.
    public init?(storedValue: String) {
        if storedValue == "off" {
            self = .off
        } else if let count = Int(storedValue), (1...100).contains(count) {
            self = .afterKeystrokes(count)
        } else {
            return nil
        }
    }
}

/// The settings of live conversion (docs/KEYBOARD.md, "Live conversion"), part of
/// `KeyboardSettings` and stored with them.
public struct LiveConversionSettings: Equatable, Sendable {
    public enum StoreKey {
        /// `"on"` (the default) or `"off"`.
        public static let liveConversion = "liveConversion"
        /// `"off"` (the default) or a number of keystrokes (`AutoCommit`).
        public static let autoCommit = "autoCommit"
        /// The profiles whose habit was chosen: `profile:habit` pairs separated by commas
        /// (`rus_standard:japanese,romaji:cyrillic`); the others keep their standard one.
        public static let spaceHabits = "spaceHabits"
    }

    /// Whether converting profiles show the best conversion of the composition as it is typed.
    public var isOn = true
    public var autoCommit = AutoCommit.off
    /// The habits chosen per profile id; a profile not listed has `SpaceHabit.standard`.
    public var spaceHabits: [String: SpaceHabit] = [:]

    public init(isOn: Bool = true, autoCommit: AutoCommit = .off, spaceHabits: [String: SpaceHabit] = [:]) {
        self.isOn = isOn
        self.autoCommit = autoCommit
        self.spaceHabits = spaceHabits
    }

    /// The space habit of `profile`: the one chosen for it, else its language's standard one.
    public func spaceHabit(of profile: ProfileDescription) -> SpaceHabit {
        spaceHabits[profile.id] ?? .standard(forLanguage: profile.language)
    }

    /// Reads the stored settings (the first store that has a key wins); defaults for anything
    /// missing or unreadable.
    init(stores: [SettingsStore]) {
        func value(_ key: String) -> String? { stores.lazy.compactMap { $0.string(forKey: key) }.first }
        if let live = value(StoreKey.liveConversion) { isOn = live != "off" }
        autoCommit = value(StoreKey.autoCommit).flatMap(AutoCommit.init(storedValue:)) ?? .off
        for pair in (value(StoreKey.spaceHabits) ?? "").split(separator: ",") {
            let parts = pair.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, let habit = SpaceHabit(rawValue: parts[1]) { spaceHabits[parts[0]] = habit }
        }
    }

    /// Writes these settings to `store` (the settings screen); with `previous`, only the keys
    /// whose value changed, so that a store read first (the keyboard's own) does not hide the
    /// other settings of a store read after it (the App Group's) from then on.
    public func save(to store: SettingsStore, changedFrom previous: LiveConversionSettings? = nil) {
        if isOn != previous?.isOn { store.set(isOn ? "on" : "off", forKey: StoreKey.liveConversion) }
        if autoCommit != previous?.autoCommit { store.set(autoCommit.storedValue, forKey: StoreKey.autoCommit) }
        if spaceHabits != previous?.spaceHabits {
            store.set(spaceHabits.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value.rawValue)" }.joined(separator: ","),
                      forKey: StoreKey.spaceHabits)
        }
    }
}
