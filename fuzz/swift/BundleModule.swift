import Foundation

// SwiftPM generates `Bundle.module` for targets with resources. The fuzz build compiles
// Sources/CyrillicIME with swiftc directly, so it provides its own: the folder holding
// Resources/ in the repository (BundledResources looks "Resources" up inside it).
extension Bundle {
    static let module: Bundle = {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/CyrillicIME")
        guard let bundle = Bundle(path: sources.path) else { fatalError("no bundle at \(sources.path)") }
        return bundle
    }()
}
