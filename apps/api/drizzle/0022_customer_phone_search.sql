-- Issue 29: a customer is found by any part of its phone, typed with or without punctuation
-- ('99691', '(41) 9969'): customers.service writes the phone's digits into search_text (served by
-- customers_search_trgm_idx, 0010). The rows saved before get them here, once; a DigiSac contact's
-- number (digits already) is left as it is.
UPDATE "customers"
   SET "search_text" = "search_text" || ' ' || regexp_replace("phone", '\D', '', 'g')
 WHERE "phone" ~ '\d'
   AND position(regexp_replace("phone", '\D', '', 'g') in "search_text") = 0;
