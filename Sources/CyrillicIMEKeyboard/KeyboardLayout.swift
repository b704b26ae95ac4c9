import CyrillicIME
import Foundation

/// A rectangle in points, origin at the keyboard's top left (UIKit's coordinates).
public struct LayoutRect: Equatable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    public func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    public var description: String {
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        return "(\(f(x)), \(f(y)), \(f(width))×\(f(height)))"
    }
}

/// Where the keyboard is drawn: its width in points, the orientation, the safe-area
/// insets of the screen edges it touches, and whether the host wants a globe key.
public struct LayoutEnvironment: Equatable, Sendable {
    public enum Orientation: String, Sendable, CaseIterable {
        case portrait, landscape
    }

    public struct SafeAreaInsets: Equatable, Sendable {
        public var left: Double
        public var right: Double
        public var bottom: Double
        public static let zero = SafeAreaInsets(left: 0, right: 0, bottom: 0)
        public init(left: Double, right: Double, bottom: Double) {
            self.left = left
            self.right = right
            self.bottom = bottom
        }
    }

    public var width: Double
    public var orientation: Orientation
    public var safeAreaInsets: SafeAreaInsets
    /// `UIInputViewController.needsInputModeSwitchKey`: show a globe key.
    public var showsGlobeKey: Bool

    public init(width: Double, orientation: Orientation = .portrait,
                safeAreaInsets: SafeAreaInsets = .zero, showsGlobeKey: Bool = false) {
        self.width = width
        self.orientation = orientation
        self.safeAreaInsets = safeAreaInsets
        self.showsGlobeKey = showsGlobeKey
    }

    /// iPad-sized: at least 600 pt wide upright, or 1000 pt on its side (an iPhone Pro Max
    /// on its side is 932 pt, the smallest iPad 744 pt upright and 1133 pt on its side).
    public var isPadSized: Bool {
        width >= (orientation == .portrait ? 600 : 1000)
    }
}

/// One key placed on the keyboard.
public struct KeyFrame: Equatable, Sendable {
    public var key: KeyboardKey
    /// The row in the profile, 0 at the top.
    public var row: Int
    /// Where a touch selects this key. The touch frames of a row tile it edge to edge, so
    /// every point of the keyboard belongs to exactly one key, as on the system keyboard.
    public var touchFrame: LayoutRect
    /// The key cap drawn: the touch frame less the gaps between caps.
    public var visibleFrame: LayoutRect
}

/// Why a layout cannot be computed.
public enum KeyboardLayoutError: Error, Equatable, CustomStringConvertible {
    case invalidWidth(Double)
    case noRows
    case emptyRow(Int)
    case unknownFunctionKey(row: Int, label: String)
    case insetsTooLarge(width: Double, left: Double, right: Double)

    public var description: String {
        switch self {
        case .invalidWidth(let width): "the keyboard width must be a positive number of points, not \(width)"
        case .noRows: "the profile has no keyboard rows"
        case .emptyRow(let row): "keyboard row \(row) is empty"
        case .unknownFunctionKey(let row, let label):
            "keyboard row \(row): " + KeyboardKey.UnknownFunctionKey(label: label).description
        case .insetsTooLarge(let width, let left, let right):
            "safe-area insets \(left) + \(right) leave no room in a keyboard \(width) pt wide"
        }
    }
}

/// Every key's frame for one profile in one environment: a pure, deterministic function
/// of the rows and the environment. The rules (docs/KEYBOARD.md):
/// - every row spans the width between the safe-area insets, less a small side margin;
/// - all character keys share one width, the widest character row's share of that width;
///   shorter rows are centred, their outer keys' touch frames reaching the edges;
/// - function keys are `widthInLetterKeys` letter keys wide; space takes what is left of its
///   row (at least 3 letter keys); a row too wide for the keyboard is scaled down to fit;
/// - the row height grows with the width like the system keyboard's (54 pt on a 375 pt
///   iPhone), never below 44 pt upright or 36 pt on its side; the bottom inset adds below.
public struct KeyboardLayout: Equatable, Sendable {
    /// Letter keys are at least this wide (touch frame) on any keyboard of 320 pt or more
    /// whose widest row has at most 12 keys, such as Serbian's 12/12/7 or 12/12/9: 26.2 pt
    /// at 320 pt.
    public static let guaranteedMinimumTouchWidth = 26.0
    /// Rows are at least this tall (touch frame) upright, and `minimumLandscapeRowHeight` on
    /// its side, where the system keyboard also trades height for room for the app.
    public static let minimumPortraitRowHeight = 44.0
    public static let minimumLandscapeRowHeight = 36.0

    public var environment: LayoutEnvironment
    public var width: Double
    public var height: Double
    /// The touch height of every row.
    public var rowHeight: Double
    /// The touch width of every character key.
    public var characterKeyWidth: Double
    /// The keys, row by row, left to right.
    public var keys: [KeyFrame]

    /// The narrowest touch frame of any key.
    public var narrowestTouchWidth: Double {
        keys.map(\.touchFrame.width).min() ?? 0
    }

    /// The key a touch at (x, y) selects, if any.
    public func key(atX x: Double, y: Double) -> KeyFrame? {
        keys.first { $0.touchFrame.contains(x: x, y: y) }
    }

    /// Lays out `rows` (a profile's `rows`) in `environment`.
    public init(rows: [[String]], environment: LayoutEnvironment) throws(KeyboardLayoutError) {
        let width = environment.width
        guard width.isFinite, width > 0 else { throw .invalidWidth(width) }
        guard !rows.isEmpty else { throw .noRows }
        let insets = environment.safeAreaInsets
        let isPad = environment.isPadSized
        let sideMargin = isPad ? 6.0 : 3.0
        let left = max(insets.left, 0)
        let right = max(insets.right, 0)
        let usable = width - left - right - 2 * sideMargin
        guard usable > 0 else { throw .insetsTooLarge(width: width, left: left, right: right) }

        let keyRows = try Self.keys(of: rows, showsGlobeKey: environment.showsGlobeKey)

        // One letter width for all character rows: the widest of them fills the usable width.
        let characterRows = keyRows.filter { $0.contains(where: \.isCharacter) }
        let widestRow = characterRows.map { $0.reduce(0) { $0 + $1.widthInLetterKeys } }.max()
        let unit = usable / max(widestRow ?? 10, 1)

        let rowHeight = Self.rowHeight(width: width, orientation: environment.orientation, isPad: isPad)
        let horizontalGap = min(max(unit * 0.18, 4), 12)
        let verticalGap = rowHeight * 0.22

        var frames: [KeyFrame] = []
        for (rowIndex, keys) in keyRows.enumerated() {
            let y = Double(rowIndex) * rowHeight
            var widths = keys.map { $0 == .space ? 0 : $0.widthInLetterKeys * unit }
            let fixed = widths.reduce(0, +)
            if let space = keys.firstIndex(of: .space) {
                widths[space] = max(usable - fixed, KeyboardKey.space.widthInLetterKeys * unit)
            }
            let total = widths.reduce(0, +)
            let isFunctionRow = !keys.contains(where: \.isCharacter)
            if total > usable || (isFunctionRow && total < usable) {
                // Too wide: shrink to fit. A row of function keys only: stretch to fill.
                widths = widths.map { $0 * usable / total }
            }
            let rowWidth = widths.reduce(0, +)
            var x = left + sideMargin + (usable - rowWidth) / 2
            for (index, key) in keys.enumerated() {
                let keyWidth = widths[index]
                let visible = LayoutRect(
                    x: x + horizontalGap / 2, y: y + verticalGap / 2,
                    width: keyWidth - horizontalGap, height: rowHeight - verticalGap)
                // Touch frames reach the keyboard's edges (margins and centring space included).
                let touchLeft = index == 0 ? left : x
                let touchRight = index == keys.count - 1 ? width - right : x + keyWidth
                let touch = LayoutRect(x: touchLeft, y: y, width: touchRight - touchLeft, height: rowHeight)
                frames.append(KeyFrame(key: key, row: rowIndex, touchFrame: touch, visibleFrame: visible))
                x += keyWidth
            }
        }
        self.environment = environment
        self.width = width
        self.height = Double(keyRows.count) * rowHeight + max(insets.bottom, 0)
        self.rowHeight = rowHeight
        self.characterKeyWidth = unit
        self.keys = frames
    }

    /// The row height: proportional to the width like the system keyboard's, within bounds.
    static func rowHeight(width: Double, orientation: LayoutEnvironment.Orientation, isPad: Bool) -> Double {
        func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double { min(max(value, low), high) }
        switch (isPad, orientation) {
        case (false, .portrait): return clamp(width * 0.144, minimumPortraitRowHeight, 56)
        case (false, .landscape): return clamp(width * 0.06, minimumLandscapeRowHeight, 44)
        case (true, _): return clamp(width * 0.075, 56, 90)
        }
    }

    /// The rows as keys, with the globe key added (far left of the last row) or removed
    /// as the host asks.
    private static func keys(of rows: [[String]], showsGlobeKey: Bool) throws(KeyboardLayoutError) -> [[KeyboardKey]] {
        var result: [[KeyboardKey]] = []
        for (index, row) in rows.enumerated() {
            var keys: [KeyboardKey] = []
            for label in row {
                do {
                    keys.append(try KeyboardKey(label: label))
                } catch {
                    throw .unknownFunctionKey(row: index, label: label)
                }
            }
            if !showsGlobeKey { keys.removeAll { $0 == .globe } }
            guard !keys.isEmpty else { throw .emptyRow(index) }
            result.append(keys)
        }
        if showsGlobeKey, !result.joined().contains(.globe) {
            result[result.count - 1].insert(.globe, at: 0)
        }
        return result
    }
}

extension KeyboardKey {
    /// How many letter keys wide the key is; space takes the rest of its row, at least this.
    public var widthInLetterKeys: Double {
        switch self {
        case .character: 1
        case .shift, .backspace: 1.5
        case .dakuten, .profile, .globe, .mode, .cursorLeft, .cursorRight: 1.25
        case .enter: 2
        case .space: 3
        }
    }
}
