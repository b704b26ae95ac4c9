import CyrillicIME
import Foundation

/// Draws a computed layout as an SVG picture, to check by eye that the geometry looks
/// like a keyboard (`cyrillic-ime layout --svg`). Light system colours; touch frames are
/// not drawn, only the key caps.
public enum KeyboardSVG {
    /// The short title a key cap shows on the layer at `position`: `{mode}` shows where it
    /// leads (123, あ), the `{shift}` of a layer with pages the next page (#+=).
    public static func title(of key: KeyboardKey, profile: ProfileDescription, at position: KeyboardLayerPosition = .letters) -> String {
        switch key {
        case .character(let text): text
        case .mode: profile.label(of: profile.position(afterMode: position))
        case .shift where !position.isLetters: profile.label(of: profile.position(afterShift: position))
        case .shift: "⇧"
        case .dakuten: "゛゜"
        case .space: "space"
        case .profile: profile.language.uppercased()
        case .backspace: "⌫"
        case .enter: "return"
        case .globe: "🌐"
        case .cursorLeft: "◀"
        case .cursorRight: "▶"
        }
    }

    public static func render(_ layout: KeyboardLayout, profile: ProfileDescription, at position: KeyboardLayerPosition = .letters) -> String {
        func number(_ value: Double) -> String { String(format: "%.2f", value) }
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var lines = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(number(layout.width))" height="\##(number(layout.height))" viewBox="0 0 \##(number(layout.width)) \##(number(layout.height))">"##,
            "<title>\(escaped(profile.names.en)), \(position), \(number(layout.width)) pt \(layout.environment.orientation.rawValue)</title>",
            ##"<rect width="100%" height="100%" fill="#d1d4d9"/>"##,
        ]
        for frame in layout.keys {
            let cap = frame.visibleFrame
            let fill = frame.key.isCharacter || frame.key == .space ? "#ffffff" : "#abb0ba"
            let title = title(of: frame.key, profile: profile, at: position)
            let fontSize = cap.height * (frame.key.isCharacter ? 0.5 : 0.36)
            lines.append(##"<rect x="\##(number(cap.x))" y="\##(number(cap.y))" width="\##(number(cap.width))" height="\##(number(cap.height))" rx="5" fill="\##(fill)" stroke="#898a8d" stroke-width="0.5"/>"##)
            lines.append(##"<text x="\##(number(cap.x + cap.width / 2))" y="\##(number(cap.y + cap.height / 2))" font-family="sans-serif" font-size="\##(number(fontSize))" text-anchor="middle" dominant-baseline="central">\##(escaped(title))</text>"##)
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }
}
