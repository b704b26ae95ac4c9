import CyrillicIME
import Foundation

/// How the pending input (the Cyrillic not yet converted) is shown in the document.
public enum PendingInputStyle: String, Sendable, CaseIterable {
    /// As marked text, underlined by the host, like every IME: the default.
    case marked
    /// As ordinary text, replaced as it converts: for fields that misbehave with marked
    /// text (some web views and chat apps drop or duplicate it).
    case inline
}

/// The keyboard's adjustable behaviour.
public struct KeyboardSettings: Equatable, Sendable {
    public enum StoreKey {
        /// `"marked"` or `"inline"`.
        public static let pendingInputStyle = "pendingInputStyle"
        /// `"half"` (the default) or `"full"`: 2024 or ２０２４.
        public static let digitWidth = "digitWidth"
        /// `"full"` (the default) or `"half"`: 、。？！ or ,.?!
        public static let punctuationWidth = "punctuationWidth"
        /// Profile ids typed in kana only (no conversion), separated by commas.
        public static let kanaOnlyProfiles = "kanaOnlyProfiles"
        /// `"full"` (the default) or `"half"`: the space typed with nothing composed.
        public static let spaceWidth = "spaceWidth"
        /// `"on"` (the default) or `"off"`: emoji among the candidates (🐱 for ねこ).
        public static let emoji = "emoji"
        /// `"on"` or `"off"` (the default): search and URL fields are private (`InputTraitsPolicy`).
        public static let privateSearchAndURLFields = "privateSearchAndURLFields"
        /// `"on"` (the default) or `"off"`: the input click on each key (with Full Access).
        public static let inputClicks = "inputClicks"
        /// `"on"` or `"off"` (the default): a light tap felt on each key (with Full Access).
        public static let haptics = "haptics"
    }

    public var pendingInputStyle: PendingInputStyle
    public var timing: KeyTiming
    /// Digits and punctuation in full or half width; what Japanese writers expect by default.
    public var widths: OutputWidths
    /// Profiles typed in kana only: kana go into the document as they are composed, as
    /// before conversion existed. Every other profile composes and converts (space).
    public var kanaOnlyProfiles: Set<String>
    /// The space typed with nothing composed in a converting profile: `　` (full, the
    /// default of Japanese keyboards) or ` `. Kana-only profiles type what the core types.
    public var spaceWidth: CharacterWidth
    /// Emoji among the candidates, and the clock the dates and times are read from (set after
    /// `init`, which takes the others).
    public var candidates: CandidateOptions
    /// What the host's traits decide (search and URL fields private or not); `InputTraitsPolicy()` by default.
    public var traitsPolicy: InputTraitsPolicy
    /// Input clicks and haptics on each key; `KeyFeedbackSettings()` by default.
    public var feedback: KeyFeedbackSettings
    /// Live conversion, auto-commit and the space habit of each profile (their own store keys:
    /// `LiveConversionSettings.StoreKey`).
    public var live = LiveConversionSettings()

    public init(
        pendingInputStyle: PendingInputStyle = .marked,
        timing: KeyTiming = .standard,
        widths: OutputWidths = .standard,
        kanaOnlyProfiles: Set<String> = [],
        spaceWidth: CharacterWidth = .full
    ) {
        self.pendingInputStyle = pendingInputStyle
        self.timing = timing
        self.widths = widths
        self.kanaOnlyProfiles = kanaOnlyProfiles
        self.spaceWidth = spaceWidth
        // Set after `init` (at most five parameters to a function), or read by `init(stores:)`.
        traitsPolicy = InputTraitsPolicy()
        candidates = .standard
        feedback = KeyFeedbackSettings()
    }

    /// Whether `profileID` is typed in kana only.
    public func isKanaOnly(_ profileID: String) -> Bool { kanaOnlyProfiles.contains(profileID) }

    /// Writes the kana-only profiles to `store` (the long-press menu's switch).
    public static func saveKanaOnlyProfiles(_ ids: Set<String>, to store: SettingsStore) {
        store.set(ids.sorted().joined(separator: ","), forKey: StoreKey.kanaOnlyProfiles)
    }

    /// The settings the stores hold (the keyboard's own first, then the App Group's);
    /// defaults for anything missing or unreadable.
    public init(stores: [SettingsStore]) {
        self.init()
        let style = stores.lazy.compactMap { $0.string(forKey: StoreKey.pendingInputStyle) }.first
        if let style, let known = PendingInputStyle(rawValue: style) {
            pendingInputStyle = known
        }
        func width(_ key: String) -> CharacterWidth? {
            stores.lazy.compactMap { $0.string(forKey: key) }.first.flatMap(CharacterWidth.init(rawValue:))
        }
        widths.digits = width(StoreKey.digitWidth) ?? widths.digits
        widths.punctuation = width(StoreKey.punctuationWidth) ?? widths.punctuation
        spaceWidth = width(StoreKey.spaceWidth) ?? spaceWidth
        switch stores.lazy.compactMap({ $0.string(forKey: StoreKey.emoji) }).first {
        case "off": candidates.emoji = false
        case "on": candidates.emoji = true
        default: break
        }
        live = LiveConversionSettings(stores: stores)
        if let list = stores.lazy.compactMap({ $0.string(forKey: StoreKey.kanaOnlyProfiles) }).first {
            kanaOnlyProfiles = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
        func switchSetting(_ key: String) -> Bool? {
            switch stores.lazy.compactMap({ $0.string(forKey: key) }).first {
            case "on": true
            case "off": false
            default: nil
            }
        }
        traitsPolicy.searchAndURLFieldsArePrivate = switchSetting(StoreKey.privateSearchAndURLFields) ?? traitsPolicy.searchAndURLFieldsArePrivate
        feedback.inputClicks = switchSetting(StoreKey.inputClicks) ?? feedback.inputClicks
        feedback.haptics = switchSetting(StoreKey.haptics) ?? feedback.haptics
    }
}

/// How the keys behave in time: a held delete's repeat, and how soon a second tap on shift
/// must follow the first to lock it.
public struct KeyTiming: Equatable, Sendable {
    public var deleteRepeat: DeleteRepeatTiming
    public var shiftDoubleTapInterval: TimeInterval

    /// The system keyboard's feel.
    public static let standard = KeyTiming()

    public init(
        deleteRepeat: DeleteRepeatTiming = .standard,
        shiftDoubleTapInterval: TimeInterval = ShiftState.defaultDoubleTapInterval
    ) {
        self.deleteRepeat = deleteRepeat
        self.shiftDoubleTapInterval = shiftDoubleTapInterval
    }
}
