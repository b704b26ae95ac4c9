import CyrillicIME

/// What became of one commit given to the learning store.
public enum LearningOutcome: Equatable, Sendable {
    /// Learned and saved.
    case saved
    /// Learned for this session only: the save failed, for the reason given.
    case notSaved(String)
    /// Not learned at all (the store refused the commit), for the reason given.
    case notLearned(String)
    /// Handed to the store's queue (`BackgroundLearning`): its outcome is recorded when the
    /// save is done.
    case queued
}

/// Whether what the writer commits is being kept, and the notice the keyboard shows about
/// it: once when saving starts to fail (not at every commit after), and once more if a
/// later failure follows a save that worked. The committed text is never affected; only
/// the learning of it is at stake.
public struct LearningStatus: Equatable, Sendable {
    /// Commits learned but not saved since the last one that was (0 while saves work).
    public private(set) var unsavedCommits = 0
    /// The reason of the current run of failures, if saves are failing.
    public private(set) var problem: String?
    /// The notice not yet shown; `takeNotice()` hands it over once.
    public private(set) var notice: String?

    public init() {}

    mutating func record(_ outcome: LearningOutcome) {
        switch outcome {
        case .saved:
            unsavedCommits = 0
            problem = nil
        case .notSaved(let reason):
            unsavedCommits += 1
            if problem == nil {
                notice = "Learning not saved: what you choose is remembered only until the keyboard closes (\(reason))"
            }
            problem = reason
        case .notLearned(let reason):
            notice = "Not learned: \(reason)"
        case .queued:
            break
        }
    }

    /// The notice to show, once: later calls return nil until something new happens.
    public mutating func takeNotice() -> String? {
        defer { notice = nil }
        return notice
    }
}
