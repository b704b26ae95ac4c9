import CyrillicIME
import Foundation

/// The learning store as `kanji` and `convert --kanji` use it: consulted, never learned into.
/// The writer's own words and the choices learned in the keyboard apply to these conversions as
/// they do in the keyboard (issue 40: one store everywhere); `--no-store` leaves them out, so the
/// output depends on the dictionary alone (the evaluation and test scripts pass it).

/// Opens the store the conversion commands consult: `--store DIR`, else the keyboard's
/// (`defaultStoreDirectory()`), or none with `--no-store`. Nothing here stops a conversion: a
/// store that cannot be used is warned about on stderr (naming its path and what was wrong) and
/// the conversion goes on without it; only an empty `--store` is a usage error. Returns the
/// store opened, or nil.
///
/// A directory that is not there is never created: nothing has been learned yet, so there is
/// nothing to read, and converting must not leave folders in the writer's home. Only when
/// `--store` names it is that said, since a mistyped path would otherwise go unnoticed.
@discardableResult
func consultStore(_ parsed: ParsedArguments, engine: RustCoreEngine) throws(CommandError) -> UserStoreInfo? {
    guard !parsed.has("--no-store") else { return nil }
    let explicit = parsed.value("--store")
    if explicit?.isEmpty == true {
        throw CommandError(code: .usage, message: "--store needs a folder, not an empty value (--no-store leaves the store out)")
    }
    let directory = explicit ?? defaultStoreDirectory()
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
        if explicit != nil {
            warn(line: nil, "the store \(directory) does not exist (nothing learned there yet): converting without it")
        }
        return nil
    }
    guard isDirectory.boolValue else {
        warn(line: nil, "the store \(directory) is a file, not a folder: converting without it")
        return nil
    }
    // The core opens it as the keyboard does (a damaged file is set aside and that half starts
    // empty; docs/LEARNING.md, "Failures"): what it says goes to stderr as it says it.
    do {
        let info = try engine.openUserStore(atDirectory: directory)
        for warning in info.warnings { warn(line: nil, warning) }
        return info
    } catch {
        warn(line: nil, "the store \(directory) cannot be opened (\(error.message)): converting without it")
        return nil
    }
}
