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
