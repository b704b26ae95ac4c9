import CyrillicIME

/// The core's user store is the keyboard's learning store: what the writer commits from the
/// candidate bar is learned there (docs/LEARNING.md).
extension RustCoreEngine: ConversionLearning {
    public func openStore(atDirectory directory: String) throws {
        do {
            try openUserStore(atDirectory: directory)
        } catch {
            throw error
        }
    }

    public func learn(_ choice: ConversionChoice) {
        // A failed learn loses only this choice; typing goes on.
        _ = learn(
            reading: choice.reading, segments: choice.segments.map { .init(reading: $0.reading, text: $0.text) },
            context: choice.context)
    }
}
