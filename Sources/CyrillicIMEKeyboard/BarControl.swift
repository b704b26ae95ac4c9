import CyrillicIME

/// The buttons beside the candidate bar, so every control of the converting state is
/// reachable by touch: the bar's pages, the segment focus, shrinking and extending the focused
/// segment, and going back to the reading. Which ones show and what each does is decided here
/// from the keyboard's state; the view draws `available(in:)` and calls `perform(on:)`.
public enum BarControl: String, CaseIterable, Sendable {
    case previousPage, nextPage
    case previousSegment, nextSegment
    case shrinkSegment, extendSegment
    case backToReading

    /// The controls to show now: while converting, all of them (the next page asks the core
    /// for more candidates past the last); while the bar has more than one page, its pages.
    public static func available(in keyboard: KeyboardController) -> [BarControl] {
        if keyboard.conversion != nil { return allCases }
        return keyboard.candidateBar.pageCount > 1 ? [.previousPage, .nextPage] : []
    }

    /// Whether the control would do something now (the view dims the others).
    public func isEnabled(in keyboard: KeyboardController) -> Bool {
        guard let conversion = keyboard.conversion else { return keyboard.candidateBar.pageCount > 1 }
        switch self {
        case .previousSegment: return conversion.focus > 0
        case .nextSegment: return conversion.focus + 1 < conversion.segments.count
        case .previousPage: return keyboard.candidateBar.pageCount > 1
        case .nextPage, .shrinkSegment, .extendSegment, .backToReading: return true
        }
    }

    /// Does what the control says, through the controller's public calls.
    public func perform(on keyboard: KeyboardController) {
        switch self {
        case .previousPage: keyboard.turnCandidatePage(by: -1)
        case .nextPage: keyboard.turnCandidatePage(by: 1)
        case .previousSegment: keyboard.moveFocus(by: -1)
        case .nextSegment: keyboard.moveFocus(by: 1)
        case .shrinkSegment: keyboard.resizeFocusedSegment(by: -1)
        case .extendSegment: keyboard.resizeFocusedSegment(by: 1)
        case .backToReading: keyboard.cancelConversionToReading()
        }
    }

    /// The button's title.
    public var title: String {
        switch self {
        case .previousPage: "‹"
        case .nextPage: "›"
        case .previousSegment: "◀"
        case .nextSegment: "▶"
        case .shrinkSegment: "－"
        case .extendSegment: "＋"
        case .backToReading: "よみ"
        }
    }

    /// What VoiceOver says for it.
    public var accessibilityLabel: String {
        switch self {
        case .previousPage: "Previous candidates"
        case .nextPage: "More candidates"
        case .previousSegment: "Previous segment"
        case .nextSegment: "Next segment"
        case .shrinkSegment: "Shorten segment"
        case .extendSegment: "Lengthen segment"
        case .backToReading: "Back to the reading"
        }
    }
}

/// The profile list the `{profile}` key opens when held: every profile, the current one
/// marked, each with its kana-only switch. Picking one and flipping a switch go through the
/// controller, and the switch is stored in the keyboard's own settings.
public enum ProfileMenu {
    public struct Entry: Equatable, Sendable {
        public var id: String
        /// The profile's name in its own language, then in English (`Русский · Russian`).
        public var title: String
        public var isCurrent: Bool
        public var isKanaOnly: Bool
    }

    public static func entries(of keyboard: KeyboardController) -> [Entry] {
        keyboard.profiles.profiles.map { profile in
            let names = profile.names.native == profile.names.en ? profile.names.en : "\(profile.names.native) · \(profile.names.en)"
            return Entry(
                id: profile.id, title: names, isCurrent: profile.id == keyboard.profiles.current.id,
                isKanaOnly: keyboard.kanaOnlyProfiles.contains(profile.id))
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
}
