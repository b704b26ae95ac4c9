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

    public func learn(_ choice: ConversionChoice) -> LearningOutcome {
        // A failed learn or save loses only the learning of this choice; typing goes on.
        let segments = choice.segments.map { UserStoreRequest.Segment(reading: $0.reading, text: $0.text) }
        switch learn(reading: choice.reading, segments: segments, context: choice.context) {
        case .success(let save): return save.problem.map(LearningOutcome.notSaved) ?? .saved
        case .failure(let error): return .notLearned(error.message)
        }
    }
}
