-- The greeting the seed and the JSON Resume import wrote ("Hi, I'm {name}!")
-- becomes the empty headline, which is made from the current name on every
-- read: the page looks the same and the greeting follows the next rename.
UPDATE "profile" SET "headline" = '' WHERE "headline" = 'Hi, I''m ' || "name" || '!';
