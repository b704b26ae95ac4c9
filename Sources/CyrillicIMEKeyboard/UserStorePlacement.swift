import CyrillicIME
import Foundation

/// Where the writer's learning and words live, and how they follow the keyboard's access
/// (docs/INTEGRATION.md, "Where the store and the settings live").
///
/// - Without Full Access a keyboard extension has only its own container: the store lives
///   there (`keyboardDirectory`). Learning works; the app cannot see it.
/// - With Full Access it can use the App Group container it shares with its app: the store
///   lives there (`sharedDirectory`), where the settings app lists and edits the words.
///
/// `open` opens the store where it belongs now. When the keyboard has just been given Full
/// Access it first moves what its own container holds into the shared one: the files the
/// shared place lacks are moved whole; a file both places have stays shared, and the
/// keyboard's copy is set aside in `set-aside/` of its own directory, never deleted; the
/// writer's words of the keyboard's copy are added to the shared store through the core,
/// so no word is lost. When access is taken away the keyboard cannot reach the shared
/// place: it starts its own store again, and finds everything shared when access returns.
public struct UserStorePlacement: Equatable, Sendable {
    public enum Place: String, Equatable, Sendable {
        case keyboard
        case shared
    }

    /// What `open` did.
    public struct Opened: Equatable, Sendable {
        public var place: Place
        public var info: UserStoreInfo
        /// Files moved from the keyboard's directory to the shared one.
        public var moved: [String]
        /// Files of the keyboard's directory the shared one also had, now in `set-aside/`.
        public var setAside: [String]
        /// Words of the keyboard's store added to the shared store.
        public var wordsAdded: Int
        /// What went wrong while moving, without stopping the store from opening, fit to show
        /// (the core's own warnings about the opened store are in `info.warnings`).
        public var warnings: [String]
    }

    /// A folder in the keyboard extension's own container (always writable by it).
    public var keyboardDirectory: URL
    /// A folder in the App Group container, or `nil` when the app has no App Group.
    public var sharedDirectory: URL?

    public static let setAsideFolderName = "set-aside"

    public init(keyboardDirectory: URL, sharedDirectory: URL?) {
        self.keyboardDirectory = keyboardDirectory
        self.sharedDirectory = sharedDirectory
    }

    /// The usual places: `folder` in the extension's Application Support, and in the App Group
    /// container `appGroup` when there is one (`containerURL` answers `nil` without it).
    public static func standard(appGroup: String?, folder: String = "CyrillicIME") -> UserStorePlacement {
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        var shared: URL?
        #if canImport(Darwin)
        if let appGroup {
            shared = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup)?
                .appendingPathComponent(folder, isDirectory: true)
        }
        #endif
        return UserStorePlacement(keyboardDirectory: support.appendingPathComponent(folder, isDirectory: true),
                                  sharedDirectory: shared)
    }

    /// The place the store belongs in with this access.
    public func place(hasFullAccess: Bool) -> Place {
        hasFullAccess && sharedDirectory != nil ? .shared : .keyboard
    }

    /// Opens the store where it belongs (see the type's comment), moving the keyboard's store
    /// into the shared place first when needed. Throws only when the store cannot be opened
    /// at all; the keyboard then converts without learning.
    public func open(in engine: RustCoreEngine, hasFullAccess: Bool) throws(UserStoreError) -> Opened {
        guard place(hasFullAccess: hasFullAccess) == .shared, let shared = sharedDirectory else {
            let info = try engine.openUserStore(atDirectory: keyboardDirectory.path)
            return Opened(place: .keyboard, info: info, moved: [], setAside: [], wordsAdded: 0, warnings: [])
        }
        var warnings: [String] = []
        let files = storeFiles(in: keyboardDirectory)
        var words: [UserWord] = []
        var moved: [String] = []
        var setAside: [String] = []
        if !files.isEmpty {
            // The keyboard's words, read by the core (which knows its own files), before moving.
            do {
                _ = try engine.openUserStore(atDirectory: keyboardDirectory.path)
                words = try engine.userWords()
            } catch {
                warnings.append("the keyboard's own words could not be read: \(error.message)")
            }
            engine.closeUserStore()
            do {
                try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
            } catch {
                warnings.append("cannot create \(shared.path): \(error.localizedDescription)")
            }
            for name in files {
                let source = keyboardDirectory.appendingPathComponent(name)
                let target = shared.appendingPathComponent(name)
                do {
                    if FileManager.default.fileExists(atPath: target.path) {
                        try moveAside(source, name: name)
                        setAside.append(name)
                    } else {
                        try FileManager.default.moveItem(at: source, to: target)
                        moved.append(name)
                    }
                } catch {
                    warnings.append("cannot move \(source.path): \(error.localizedDescription)")
                }
            }
        }
        var info = try engine.openUserStore(atDirectory: shared.path)
        var added = 0
        for word in words {
            do {
                info.words = try engine.addUserWord(reading: word.reading, text: word.text).count
                added += 1
            } catch {
                warnings.append("the word \(word.text) (\(word.reading)) was not added: \(error.message)")
            }
        }
        return Opened(place: .shared, info: info, moved: moved, setAside: setAside, wordsAdded: added, warnings: warnings)
    }

    /// The regular files of a store directory (folders such as `set-aside/` are not the store's).
    private func storeFiles(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }
    }

    /// Moves `source` to `set-aside/<name>`, or `<name>-<n>` when that is taken.
    private func moveAside(_ source: URL, name: String) throws {
        let folder = keyboardDirectory.appendingPathComponent(Self.setAsideFolderName, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var target = folder.appendingPathComponent(name)
        var n = 1
        while FileManager.default.fileExists(atPath: target.path) {
            target = folder.appendingPathComponent("\(name)-\(n)")
            n += 1
        }
        try FileManager.default.moveItem(at: source, to: target)
    }
}
