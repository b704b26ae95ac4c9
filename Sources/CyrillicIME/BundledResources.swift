import Foundation

/// The data files shipped with the library: the same copies the Rust tests read.
public enum BundledResources {
    public static let profilesFileName = "profiles.json"
    public static let kanaEngineFileName = "japaneseKanaEngine.json"

    /// The target's resource bundle (the data and PrivacyInfo.xcprivacy), for the tests.
    static var bundle: Bundle { .module }

    /// URL of a bundled resource, e.g. `profiles.json` or `schemas/profiles.schema.json`.
    public static func url(of relativePath: String) -> URL? {
        // `.copy("Resources")` ships the folder whole; asking the bundle for it works on
        // Linux and on Apple platforms (where bundles nest resources differently).
        guard let directory = Bundle.module.url(forResource: "Resources", withExtension: nil) else { return nil }
        let url = directory.appendingPathComponent(relativePath)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The text of a bundled resource.
    public static func text(of relativePath: String) throws -> String {
        guard let url = url(of: relativePath) else {
            throw RustCoreEngine.InitializationError(message: "bundled resource \(relativePath) is missing")
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
