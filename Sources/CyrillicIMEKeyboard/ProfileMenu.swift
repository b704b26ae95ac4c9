import CyrillicIME

/// The profile list the `{profile}` key opens when held (what was composed is committed
/// first): every profile, the current one marked, each with its kana-only switch and its space
/// habit, and live conversion's settings at the top (on or off, auto-commit). Every change goes
/// through the controller and is stored in the keyboard's own settings store, which is read
/// before the App Group's.
public enum ProfileMenu {
    public struct Entry: Equatable, Sendable {
        public var id: String
        /// The profile's name in its own language, then in English (`Русский · Russian`).
        public var title: String
        public var isCurrent: Bool
        public var isKanaOnly: Bool
        /// What space does while composing in it (live conversion's `SpaceHabit`).
        public var spaceHabit: SpaceHabit
    }

    public static func entries(of keyboard: KeyboardController) -> [Entry] {
        keyboard.profiles.profiles.map { profile in
            let names = profile.names.native == profile.names.en ? profile.names.en : "\(profile.names.native) · \(profile.names.en)"
            return Entry(
                id: profile.id, title: names, isCurrent: profile.id == keyboard.profiles.current.id,
                isKanaOnly: keyboard.kanaOnlyProfiles.contains(profile.id),
                spaceHabit: keyboard.live.settings.spaceHabit(of: profile))
        }
    }

    /// The writer picked `id`.
    public static func select(_ id: String, on keyboard: KeyboardController) {
        keyboard.selectProfile(id)
    }

    /// The writer flipped `id`'s kana-only switch: applied, then kept in `store`.
    public static func setKanaOnly(_ on: Bool, forProfile id: String, on keyboard: KeyboardController, store: SettingsStore) {
        keyboard.setKanaOnly(on, forProfile: id)
        KeyboardSettings.saveKanaOnlyProfiles(keyboard.kanaOnlyProfiles, to: store)
    }

    // MARK: Live conversion's settings

    /// Live conversion's settings now.
    public static func liveSettings(of keyboard: KeyboardController) -> LiveConversionSettings {
        keyboard.live.settings
    }

    /// The auto-commit choices the list steps through, in order (then back to off).
    public static let autoCommitSteps: [AutoCommit] = [.off, .afterKeystrokes(3), .afterKeystrokes(5), .afterKeystrokes(8)]

    /// The writer turned live conversion on or off.
    public static func setLiveConversion(_ on: Bool, on keyboard: KeyboardController, store: SettingsStore) {
        change(keyboard, store: store) { $0.isOn = on }
    }

    /// The writer chose what space does while composing in `id`.
    public static func setSpaceHabit(_ habit: SpaceHabit, forProfile id: String, on keyboard: KeyboardController, store: SettingsStore) {
        change(keyboard, store: store) { $0.spaceHabits[id] = habit }
    }

    /// The writer tapped auto-commit: the next of `autoCommitSteps` (a stored value not among
    /// them goes back to off).
    public static func stepAutoCommit(on keyboard: KeyboardController, store: SettingsStore) {
        change(keyboard, store: store) { settings in
            let index = autoCommitSteps.firstIndex(of: settings.autoCommit) ?? autoCommitSteps.count - 1
            settings.autoCommit = autoCommitSteps[(index + 1) % autoCommitSteps.count]
        }
    }

    /// Applies `edit` to live conversion's settings from the next key on, and stores them. The
    /// list opens with nothing composed, so no result of the old settings is left to show.
    private static func change(_ keyboard: KeyboardController, store: SettingsStore, _ edit: (inout LiveConversionSettings) -> Void) {
        let previous = keyboard.live.settings
        var settings = previous
        edit(&settings)
        keyboard.live = LiveConversion(settings: settings)
        settings.save(to: store, changedFrom: previous)
    }
}
