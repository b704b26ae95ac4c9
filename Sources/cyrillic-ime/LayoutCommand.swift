import CyrillicIME
import CyrillicIMEKeyboard
import CyrillicIMETestSupport
import Foundation

/// `cyrillic-ime layout`: prints the computed key frames of a profile's keyboard and,
/// with --svg, draws them.
func runLayout(_ arguments: ArraySlice<String>) throws(CommandError) {
    let parsed = try ParsedArguments(arguments, spec: Commands.layout)
    let options = Options(parsed)
    var width = 375.0
    let orientation: LayoutEnvironment.Orientation = parsed.has("--landscape") ? .landscape : .portrait
    var insets = LayoutEnvironment.SafeAreaInsets.zero
    let globe = parsed.has("--globe")
    let svgPath = parsed.value("--svg")
    let layerName = parsed.value("--layer") ?? KeyboardLayerPosition.lettersID
    var pageNumber = 1
    if let text = parsed.value("--width") {
        guard let number = Double(text), number.isFinite, number > 0 else {
            throw CommandError(code: .usage, message: "--width needs a positive number of points, not \(text)")
        }
        width = number
    }
    if let text = parsed.value("--insets") {
        let parts = text.split(separator: ",").compactMap { Double($0) }
        guard parts.count == 3, parts.allSatisfy({ $0 >= 0 && $0.isFinite }) else {
            throw CommandError(code: .usage, message: "--insets needs LEFT,RIGHT,BOTTOM in points, not \(text)")
        }
        insets = .init(left: parts[0], right: parts[1], bottom: parts[2])
    }
    if let text = parsed.value("--page") {
        guard let number = Int(text), number >= 1 else {
            throw CommandError(code: .usage, message: "--page needs a page number from 1, not \(text)")
        }
        pageNumber = number
    }
    let engine = try startEngine(options)
    let profile = try findProfile(options.profileID, engine: engine)
    let position = KeyboardLayerPosition(layer: layerName, page: pageNumber - 1)
    if !position.isLetters {
        guard let layer = profile.layers.first(where: { $0.id == layerName }) else {
            let known = ([KeyboardLayerPosition.lettersID] + profile.layers.map(\.id)).joined(separator: ", ")
            throw CommandError(code: .usage, message: "profile \(profile.id) has no layer \(layerName) (known: \(known))")
        }
        guard pageNumber <= layer.pages.count else {
            throw CommandError(code: .usage, message: "layer \(layerName) of profile \(profile.id) has \(layer.pages.count) pages, not \(pageNumber)")
        }
    } else if pageNumber != 1 {
        throw CommandError(code: .usage, message: "the letters have one page, not \(pageNumber)")
    }
    let layout: KeyboardLayout
    do {
        layout = try KeyboardLayout(rows: profile.rows(at: position), environment: LayoutEnvironment(
            width: width, orientation: orientation, safeAreaInsets: insets, showsGlobeKey: globe))
    } catch {
        throw CommandError(code: .usage, message: error.description)
    }
    // The drawing is written before anything is printed: a path that cannot be written is
    // an error with nothing on stdout.
    if let svgPath {
        do {
            try KeyboardSVG.render(layout, profile: profile, at: position).write(toFile: svgPath, atomically: true, encoding: .utf8)
        } catch {
            throw CommandError(code: .noInput, message: "cannot write \(svgPath): \(error.localizedDescription)")
        }
    }
    func f(_ value: Double) -> String { String(format: "%.1f", value) }
    let layerSuffix = position.isLetters ? "" : " \(layerName) page \(pageNumber)"
    print("\(profile.id)\(layerSuffix) at \(f(width)) pt \(orientation.rawValue): \(f(layout.width)) × \(f(layout.height)) pt, "
        + "rows \(f(layout.rowHeight)) pt, letter keys \(f(layout.characterKeyWidth)) pt (touch), "
        + "narrowest key \(f(layout.narrowestTouchWidth)) pt")
    for frame in layout.keys {
        print("row \(frame.row)  \(frame.key.label)\ttouch \(frame.touchFrame)  cap \(frame.visibleFrame)")
    }
    if let svgPath { print("wrote \(svgPath)") }
}

/// The profile `id` of the running engine, or a usage error listing the known ones.
func findProfile(_ id: String, engine: RustCoreEngine) throws(CommandError) -> ProfileDescription {
    let profiles = engine.profiles() ?? []
    guard let profile = profiles.first(where: { $0.id == id }) else {
        throw CommandError(code: .usage, message: "unknown profile \(id) (known: \(profiles.map(\.id).joined(separator: ", ")))")
    }
    return profile
}
