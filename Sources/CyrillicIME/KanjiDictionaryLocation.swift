import Foundation

/// Where an app keeps the compiled kana→kanji dictionary (`mozc.cimedic`, built and released by
/// scripts/make_dictionary_asset.sh). It is too big to ship inside the package, so the app adds
/// it to its keyboard extension's resources, or puts it at a path of its choosing
/// (docs/INTEGRATION.md, "The dictionary").
public enum KanjiDictionaryLocation {
    public static let resourceName = "mozc"
    public static let resourceExtension = "cimedic"

    /// The dictionary among `bundle`'s resources — `Bundle.main` is the keyboard extension's
    /// own bundle when called from it — or `nil` when the bundle does not hold it.
    public static func url(in bundle: Bundle = .main) -> URL? {
        bundle.url(forResource: resourceName, withExtension: resourceExtension)
    }
}

extension RustCoreEngine {
    /// Loads the dictionary the app shipped in `bundle`'s resources (see `KanjiDictionaryLocation`).
    /// The file is memory-mapped, not read into memory. On failure the dictionary that was
    /// loaded, if any, stays in place.
    @discardableResult
    public func loadDictionary(in bundle: Bundle = .main) throws(DictionaryLoadError) -> DictionaryInfo {
        guard let url = KanjiDictionaryLocation.url(in: bundle) else {
            let name = "\(KanjiDictionaryLocation.resourceName).\(KanjiDictionaryLocation.resourceExtension)"
            throw DictionaryLoadError(message: "\(name) is not among the resources of the bundle at \(bundle.bundlePath)")
        }
        return try loadDictionary(atPath: url.path)
    }
}
