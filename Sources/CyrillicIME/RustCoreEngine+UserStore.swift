import CCyrillicIMECore

/// The user store through the core (docs/LEARNING.md, docs/FFI.md "Learning and the user
/// dictionary"): what the writer commits is learned, and the writer's own words are kept.
/// Every change is saved by the core before the call returns, and says whether it was
/// (`StoreSave`). Nothing leaves the device.
extension RustCoreEngine {
    /// Opens (or creates) the store in `directory`, replacing the one open before. A damaged
    /// file is set aside and that half starts fresh; an unwritable place keeps learning in
    /// memory only: both are `warnings` of the result, not errors.
    @discardableResult
    public func openUserStore(atDirectory directory: String) throws(UserStoreError) -> UserStoreInfo {
        let json = directory.withCString { Self.takeString(rust_open_user_store($0)) }
        return try UserStoreAnswer.decode(UserStoreInfo.self, from: json)
    }

    /// The open store as it is now (what it holds after the changes since it opened), or
    /// nil when none is open.
    public func userStoreInfo() -> UserStoreInfo? {
        try? UserStoreAnswer.decode(UserStoreInfo.self, from: Self.takeString(rust_user_store_info()))
    }

    /// Closes the store: conversion goes on without learning.
    public func closeUserStore() {
        _ = Self.takeString(rust_close_user_store())
    }

    /// The writer committed `segments` (reading → text, in order) for `reading`, after
    /// `context` (what stood before it: the choice is also remembered after that word, the
    /// history bigram). The result says whether it was saved (when not, it is learned for this
    /// session only and `problem` says why, fit to show); an error means nothing was learned.
    @discardableResult
    public func learn(
        reading: String, segments: [UserStoreRequest.Segment], context: ConversionContext = .none
    ) -> Result<StoreSave, UserStoreError> {
        let request = UserStoreRequest.json(UserStoreRequest.Learn(reading: reading, segments: segments, context: context.payload))
        let json = request.withCString { Self.takeString(rust_learn($0)) }
        return Result { () throws(UserStoreError) in try UserStoreAnswer.decode(StoreSave.self, from: json) }
    }

    /// Adds a word of the writer's own (reading in hiragana → text) of `wordClass` (a class
    /// name the core knows: `noun`, `place`, `surname`…; an unknown one is an error listing
    /// them): the word list, and whether it was saved. A word already there takes the new class.
    @discardableResult
    public func addUserWord(reading: String, text: String, wordClass: String = UserWord.defaultClass) throws(UserStoreError) -> UserStoreChange<[UserWord]> {
        try changeUserWords(UserStoreRequest.Words(action: "add", reading: reading, text: text, wordClass: wordClass))
    }

    /// Removes a word of the writer's own: the word list, and whether it was saved.
    @discardableResult
    public func removeUserWord(reading: String, text: String) throws(UserStoreError) -> UserStoreChange<[UserWord]> {
        try changeUserWords(UserStoreRequest.Words(action: "remove", reading: reading, text: text))
    }

    /// The writer's own words.
    public func userWords() throws(UserStoreError) -> [UserWord] {
        try changeUserWords(UserStoreRequest.Words(action: "list", reading: nil, text: nil)).value
    }

    private func changeUserWords(_ request: UserStoreRequest.Words) throws(UserStoreError) -> UserStoreChange<[UserWord]> {
        let json = UserStoreRequest.json(request).withCString { Self.takeString(rust_user_words($0)) }
        let answer = try UserStoreAnswer.decode(UserStoreAnswer.WordList.self, from: json)
        return UserStoreChange(value: answer.words, save: StoreSave(saved: answer.saved, warnings: answer.warnings))
    }

    /// Forgets everything learned (and with `includingWords` the writer's words too): how
    /// many entries went, and whether that was saved.
    @discardableResult
    public func forgetEverything(includingWords: Bool = false) throws(UserStoreError) -> UserStoreChange<Int> {
        try forget(UserStoreRequest.Forget(all: true, words: includingWords, reading: nil, text: nil))
    }

    /// Forgets one learned choice (reading → text): how many entries went, and whether that
    /// was saved.
    @discardableResult
    public func forget(reading: String, text: String) throws(UserStoreError) -> UserStoreChange<Int> {
        try forget(UserStoreRequest.Forget(all: nil, words: nil, reading: reading, text: text))
    }

    /// Forgets every choice learned for `reading` (katakana and hiragana alike), and the
    /// phrases holding one: how many entries went, and whether that was saved.
    @discardableResult
    public func forget(reading: String) throws(UserStoreError) -> UserStoreChange<Int> {
        try forget(UserStoreRequest.Forget(all: nil, words: nil, reading: reading, text: nil))
    }

    private func forget(_ request: UserStoreRequest.Forget) throws(UserStoreError) -> UserStoreChange<Int> {
        let json = UserStoreRequest.json(request).withCString { Self.takeString(rust_forget($0)) }
        let answer = try UserStoreAnswer.decode(UserStoreAnswer.Forgotten.self, from: json)
        return UserStoreChange(value: answer.forgotten, save: StoreSave(saved: answer.saved, warnings: answer.warnings))
    }
}
