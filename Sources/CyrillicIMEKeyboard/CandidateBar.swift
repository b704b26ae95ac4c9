import CyrillicIME
import Foundation

/// The row above the keys, as data the view only renders: predictions while composing, the
/// focused segment's candidates while converting. Items, the focused item and the page the
/// view shows are all here, with what VoiceOver says for each.
public struct CandidateBar: Equatable, Sendable {
    public enum Content: Equatable, Sendable {
        /// Nothing composed: the bar is empty.
        case none
        /// Predictions for the composition; tapping one commits it.
        case predictions
        /// Candidates of segment `segment` of `segmentCount`; tapping one chooses it.
        case candidates(segment: Int, segmentCount: Int)
    }

    public struct Item: Equatable, Sendable {
        public var text: String
        /// The reading the item stands for (a prediction's whole reading, a segment's reading).
        public var reading: String
        /// What VoiceOver says: the text, then the reading when it differs and its place.
        public var accessibilityLabel: String
        /// The live conversion's result (docs/KEYBOARD.md, "Live conversion"): a tap opens its
        /// candidates instead of committing it.
        public var opensConversion = false
        /// `ja`: candidates are Japanese whatever the profile's language.
        public var accessibilityLanguage: String { "ja" }
    }

    /// Items per page (the terminal numbers them 1…9; a phone shows what fits).
    public static let defaultPageSize = 9

    public private(set) var content: Content = .none
    public private(set) var items: [Item] = []
    /// The focused (chosen) item while converting; `nil` for predictions.
    public private(set) var focus: Int?
    public private(set) var page = 0
    public let pageSize: Int

    public init(pageSize: Int = CandidateBar.defaultPageSize) {
        self.pageSize = max(pageSize, 1)
    }

    public var isEmpty: Bool { items.isEmpty }
    public var pageCount: Int { items.isEmpty ? 0 : (items.count + pageSize - 1) / pageSize }
    /// The indices of `items` on the page shown.
    public var pageRange: Range<Int> {
        let start = min(page * pageSize, items.count)
        return start..<min(start + pageSize, items.count)
    }

    /// An item live conversion puts beside the predictions: its result, or the whole reading
    /// in another script.
    struct LiveItem: Equatable, Sendable {
        var text: String
        var reading: String
        var opensConversion: Bool
    }

    /// Shows `predictions`, with live conversion's result first and the reading's other forms
    /// last (`live`, none when it is off).
    mutating func showPredictions(_ predictions: [KanjiPrediction], with live: [LiveItem] = []) {
        let result = live.filter(\.opensConversion)
        let forms = live.filter { !$0.opensConversion }
        let predicted = predictions.map { LiveItem(text: $0.text, reading: $0.reading, opensConversion: false) }
            .filter { item in !result.contains { $0.text == item.text } }
        let all = result + predicted + forms.filter { form in !predicted.contains { $0.text == form.text } }
        content = all.isEmpty ? .none : .predictions
        items = all.enumerated().map { index, item in
            let place = item.opensConversion ? "live conversion" : "prediction \(index + 1) of \(all.count)"
            return Item(text: item.text, reading: item.reading,
                        accessibilityLabel: Self.label(text: item.text, reading: item.reading, place: place),
                        opensConversion: item.opensConversion)
        }
        focus = nil
        page = 0
    }

    /// Shows the focused segment's candidates of `session`, on the page of the chosen one.
    mutating func showCandidates(of session: ConversionSession) {
        let segmentIndex = session.focus
        let candidates = session.focusedCandidates
        let reading = session.segments.isEmpty ? "" : session.segments[segmentIndex].reading
        content = .candidates(segment: segmentIndex, segmentCount: session.segments.count)
        items = candidates.enumerated().map { index, candidate in
            Item(text: candidate, reading: reading,
                 accessibilityLabel: Self.label(text: candidate, reading: reading,
                                                place: "candidate \(index + 1) of \(candidates.count)"))
        }
        focus = items.isEmpty ? nil : min(session.focusedChoice, items.count - 1)
        page = (focus ?? 0) / pageSize
    }

    mutating func clear() {
        content = .none
        items = []
        focus = nil
        page = 0
    }

    /// Turns the page by `delta` (wrapping); the focus stays where it was.
    public mutating func turnPage(by delta: Int) {
        guard pageCount > 0 else { return }
        page = ((page + delta) % pageCount + pageCount) % pageCount
    }

    private static func label(text: String, reading: String, place: String) -> String {
        text == reading ? "\(text), \(place)" : "\(text), reading \(reading), \(place)"
    }
}

/// What VoiceOver says for the segments of the marked text while converting.
public enum SegmentAccessibility {
    /// `"私の, segment 1 of 3, selected"`, with the reading when it differs from the text.
    public static func label(of session: ConversionSession, segment index: Int) -> String {
        let text = session.text(ofSegment: index)
        let reading = session.segments[index].reading
        var label = text == reading ? text : "\(text), reading \(reading)"
        label += ", segment \(index + 1) of \(session.segments.count)"
        if index == session.focus { label += ", selected" }
        return label
    }
}
